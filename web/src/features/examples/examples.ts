/** The examples live in contracts: the same payloads the engine's golden-image tests render. */
export { examples, type TableExample } from '@jsonable/contracts/examples';

export function exampleSnippets(origin: string, payload: Record<string, unknown>) {
  const body = JSON.stringify(payload, null, 2);
  const url = `${origin}/api/jsonable/table-to-image`;
  return {
    curl: `curl -X POST ${url} \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '${body.replace(/'/g, "'\\''")}'`,
    javascript: `const response = await fetch('${url}', {
  method: 'POST',
  headers: {
    Authorization: 'Bearer YOUR_API_KEY',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),
});
if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
const { imageUrl } = await response.json();
console.log(imageUrl);`,
    python: `import requests

payload = ${toPython(payload)}

response = requests.post(
    "${url}",
    headers={"Authorization": "Bearer YOUR_API_KEY"},
    json=payload,
    timeout=30,
)
response.raise_for_status()
print(response.json()["imageUrl"])`,
  };
}

/** JSON is almost Python; only the three literals differ. */
function toPython(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(
    /("(?:[^"\\]|\\.)*")|\btrue\b|\bfalse\b|\bnull\b/g,
    (m, str: string | undefined) => {
      if (str) return str;
      return m === 'true' ? 'True' : m === 'false' ? 'False' : 'None';
    },
  );
}
