/**
 * HTTP scenarios as given/when/then (issue #27, item 8; Emmett's ApiSpecification): one scenario
 * per `it`, against the real app of a harness, checking the answer and the events the request
 * appended.
 *
 *     const givenApi = apiSpecification(h);
 *     it('counts a render against the period', () =>
 *       givenApi(user('premium'))
 *         .when((req, u) => req.post('/api/jsonable/table-to-image').set('X-API-Key', u.apiKey).send(smallTable))
 *         .then(expectResponse(200, { success: true }), expectNewEvents(renderedBy, [{ type: 'TableRendered' }])));
 *
 * `then` runs the scenario and returns its promise: return or await it from the test.
 */
import request from 'supertest';
import { expect } from 'vitest';
import type { PlanTier } from '@jsonable/contracts/plans';
import type { RecordedTestEvent, RenderHarness, TestUser } from '../render.harness';

export interface Outcome<G> {
  given: G;
  response: request.Response;
  /** The events appended while the request ran, oldest first. */
  newEvents: RecordedTestEvent[];
}

export type Check<G> = (outcome: Outcome<G>) => void | Promise<void>;
export type EventFilter<G> = (event: RecordedTestEvent, given: G) => boolean;

export function apiSpecification(h: RenderHarness) {
  return function givenApi<G = undefined>(arrange?: (h: RenderHarness) => Promise<G>) {
    return {
      when(act: (req: ReturnType<typeof request>, given: G) => request.Test | Promise<request.Response>) {
        return {
          async then(...checks: Check<G>[]): Promise<void> {
            const given = (arrange ? await arrange(h) : undefined) as G;
            const before = (await h.events()).length;
            const response = await act(request(h.server), given);
            const newEvents = (await h.events()).slice(before);
            for (const check of checks) await check({ given, response, newEvents });
          },
        };
      },
    };
  };
}

/** Given a registered, signed-in user with an API key on `plan`. */
export const user =
  (plan?: PlanTier) =>
  (h: RenderHarness): Promise<TestUser> =>
    h.user(plan);

/** The answer has this status and, if given, a body that matches `body`. */
export function expectResponse<G>(status: number, body?: object): Check<G> {
  return ({ response }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (body !== undefined) expect(response.body).toMatchObject(body);
  };
}

/**
 * The answer is the spec's error envelope, exactly: `{ success: false, error: { code, message } }`
 * with that status, and Retry-After as given (absent when not given).
 */
export function expectError<G>(status: number, message: string | RegExp, retryAfter?: string): Check<G> {
  return ({ response }) => {
    expect(response.status).toBe(status);
    expect(response.body).toEqual({
      success: false,
      error: { code: status, message: typeof message === 'string' ? message : expect.stringMatching(message) },
    });
    expect(response.headers['retry-after']).toBe(retryAfter);
  };
}

/** The request appended exactly these events among those `filter` picks, in order (each matched as a subset). */
export function expectNewEvents<G>(
  filter: EventFilter<G>,
  expected: Array<{ type: string; data?: Record<string, unknown> }>,
): Check<G> {
  return ({ given, newEvents }) => {
    const picked = newEvents.filter((e) => filter(e, given));
    expect(picked).toHaveLength(expected.length);
    expect(picked).toMatchObject(expected);
  };
}

/** The request appended none of the events `filter` picks (all events when no filter is given). */
export function expectNoNewEvents<G>(filter: EventFilter<G> = () => true): Check<G> {
  return ({ given, newEvents }) => expect(newEvents.filter((e) => filter(e, given))).toEqual([]);
}

/** A render counted for the given user (TableRendered on their usage stream). */
export const renderedFor: EventFilter<TestUser> = (e, u) => e.type === 'TableRendered' && e.data.userId === u.userId;
