/**
 * Overlays an OpenAPI 3 document on the static endpoint descriptions: where the server documents
 * the same method and path, its description, parameters and response codes win. Anything it does
 * not describe keeps the static text. Pure, and tolerant of partial documents.
 */
import type { EndpointDoc, ParamDoc, ResponseDoc } from './endpoints';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

function resolveRef(doc: Json, value: unknown): unknown {
  let v = value;
  // Follow local $refs only, a few levels deep (cycles end here).
  for (let i = 0; i < 5 && isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/'); i++) {
    let target: unknown = doc;
    for (const part of v.$ref.slice(2).split('/'))
      target = isObj(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    v = target;
  }
  return v;
}

function typeOf(doc: Json, schema: unknown): string {
  const s = resolveRef(doc, schema);
  if (!isObj(s)) return 'any';
  if (typeof s.type === 'string') {
    if (s.type === 'array') {
      const item = typeOf(doc, s.items);
      // "(string | number)[]", not "string | number[]" (a string, or an array of numbers).
      return item === 'any' ? 'array' : item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    return s.type;
  }
  if (Array.isArray(s.type)) return s.type.filter((t) => t !== 'null').join(' | ');
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[k])) return [...new Set((s[k] as unknown[]).map((x) => typeOf(doc, x)))].join(' | ');
  }
  return isObj(s.properties) ? 'object' : 'any';
}

function paramsOf(doc: Json, op: Json, pathItem: Json): ParamDoc[] {
  const out: ParamDoc[] = [];
  const raw = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ];
  for (const p0 of raw) {
    const p = resolveRef(doc, p0);
    if (!isObj(p) || !str(p.name)) continue;
    const where = p.in === 'query' || p.in === 'path' || p.in === 'header' ? p.in : null;
    if (!where) continue;
    out.push({
      name: p.name as string,
      in: where,
      type: typeOf(doc, p.schema),
      required: p.required === true,
      description: str(p.description) ?? '',
    });
  }
  const body = resolveRef(doc, op.requestBody);
  const content = isObj(body) && isObj(body.content) ? body.content : null;
  const json = content ? resolveRef(doc, content['application/json']) : null;
  const schema = isObj(json) ? resolveRef(doc, json.schema) : null;
  if (isObj(schema)) {
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
    );
    const props = isObj(schema.properties) ? schema.properties : {};
    for (const [name, prop0] of Object.entries(props)) {
      const prop = resolveRef(doc, prop0);
      out.push({
        name,
        in: 'body',
        type: typeOf(doc, prop),
        required: required.has(name),
        description: isObj(prop) ? (str(prop.description) ?? '') : '',
      });
    }
  }
  return out;
}

function responsesOf(doc: Json, op: Json): ResponseDoc[] {
  if (!isObj(op.responses)) return [];
  return Object.entries(op.responses)
    .map(([code, r0]) => {
      const r = resolveRef(doc, r0);
      return { code, description: isObj(r) ? (str(r.description) ?? '') : '' };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function overlayOpenApi(doc: unknown, endpoints: EndpointDoc[]): EndpointDoc[] {
  if (!isObj(doc) || !isObj(doc.paths)) return endpoints;
  const paths = doc.paths;
  return endpoints.map((e) => {
    for (const path of [e.path, ...e.aliases]) {
      const item = resolveRef(doc, paths[path]);
      if (!isObj(item)) continue;
      const op = item[e.method.toLowerCase()];
      if (!isObj(op)) continue;
      // The server's schema may name a field without prose; the static description fills the gap.
      const known = new Map(e.params.map((p) => [p.name, p.description]));
      const params = paramsOf(doc, op, item).map((p) =>
        p.description ? p : { ...p, description: known.get(p.name) ?? '' },
      );
      const responses = responsesOf(doc, op);
      const security = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : null;
      const isPublic =
        security !== null && (security.length === 0 || security.some((s) => isObj(s) && Object.keys(s).length === 0));
      return {
        ...e,
        // A one-line summary is poorer than the static prose; only a real description replaces it.
        description: str(op.description) ?? e.description,
        params: params.length > 0 ? params : e.params,
        responses: responses.length > 0 ? responses : e.responses,
        auth: security === null ? e.auth : isPublic ? 'public' : 'api-key',
      };
    }
    return e;
  });
}
