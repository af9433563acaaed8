/**
 * `GET /api/search?Search=<text>` (issue 42 item 1, the command palette's global search) → CallResult
 * `List: SearchHit[]` (@erp/shared types.ts: Entity, Id, Number, Name, Kind, Application, Screen), grouped by kind, best
 * first; ResultStatus 6 'no_records' when nothing is found or the text has no letter or digit. Any signed-in
 * user may call it: what it answers follows their rights (search.ts). A text of more than 100 characters is a 400.
 * It reads from READ_DATABASE_URL's standby when one is set (app.ts passes `reads.database`; issue 43 item 3).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { callResult as result } from '../entities/call-result.ts';
import { message } from '../entities/labels.ts';
import { sendAnswer } from '../entities/special-routes.ts';
import { apiSchema, callResult, object, text } from '../http/schemas.ts';
import { globalSearch, MAX_TEXT } from './search.ts';

const HIT = object(
  { Entity: text(64), Id: text(200), Number: text(200), Name: text(2000), Kind: text(200), Application: text(64), Screen: text(200) },
  ['Entity', 'Id', 'Number', 'Name', 'Kind', 'Application', 'Screen'],
);

const SCHEMA = apiSchema({
  summary: 'Global search: records by business number or by any word of their name (issue 42 item 1)',
  tags: ['search'],
  querystring: object({ Search: text(MAX_TEXT) }, ['Search']),
  response: { 200: callResult(undefined, { List: { type: 'array', items: HIT } }) },
});

export function registerSearchRoutes(app: FastifyInstance, deps: { database: Database }): void {
  app.get<{ Querystring: { Search: string } }>('/api/search', { schema: SCHEMA }, async (request, reply) => {
    const list = await globalSearch(deps.database, currentUser(request), request.query.Search);
    const empty = list.length === 0;
    return sendAnswer(reply, {
      status: 200,
      body: { ...result(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? message('entities:result.noRecords') : null), List: list },
    });
  });
}
