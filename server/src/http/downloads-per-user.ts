/**
 * Files in progress per user (issue 68 item 6): a route whose success answer is a file (`{ type: 'string',
 * format: 'binary' }` — exports, report PDFs and .xlsx, attachments, payment and payroll files) runs for at most
 * `perUser` requests of one user at once on one instance (DOWNLOADS_PER_USER, default 6: a browser's connections
 * to one host). One more is refused 429 `too_many_downloads`, in the caller's language, saying to wait for the
 * others; a file ends its place when its answer is finished or cut off. A streamed export holds its place while
 * the client reads it, so a user cannot hold the instance's database reads and PDF work with parallel requests.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageIn } from '../entities/call-result.ts';
import { sendFailure } from './errors.ts';

/** Whether the route's success answer is a file (its schema says so: http/schemas.ts). */
export function answersFile(request: FastifyRequest): boolean {
  const response = (request.routeOptions.schema as { response?: Record<string, { type?: unknown; format?: unknown }> } | undefined)?.response;
  const ok = response?.['200'];
  return ok?.type === 'string' && ok.format === 'binary';
}

export function registerDownloadLimit(app: FastifyInstance, deps: { perUser: number }): void {
  const { perUser } = deps;
  const inProgress = new Map<string, number>();
  // After authentication (an anonymous call is refused before it). A callback hook, not an async one: every request
  // passes here, and a promise per request costs (issue 74).
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.user || !answersFile(request)) {
      done();
      return;
    }
    const userId = request.user.userId;
    const now = inProgress.get(userId) ?? 0;
    if (now >= perUser) {
      // Answered here: the route's handler does not run (no `done`).
      void sendFailure(reply, 429, 'too_many_downloads', messageIn(request.user.row.language, 'entities:result.tooManyDownloads', { count: perUser }));
      return;
    }
    inProgress.set(userId, now + 1);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const left = (inProgress.get(userId) ?? 1) - 1;
      if (left > 0) inProgress.set(userId, left);
      else inProgress.delete(userId);
    };
    // 'close' follows the answer's end, or the connection's loss mid-way.
    reply.raw.once('close', end);
    done();
  });
}
