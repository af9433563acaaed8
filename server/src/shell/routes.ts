/**
 * §7 shell calls under /api (authentication is done by auth/plugin.ts before these run):
 *   GET  /api/shell/applications            → Application[]
 *   GET  /api/shell/menus?application=NAME  → Menu[] (403 when the caller may not open NAME; 400 without NAME)
 *   GET  /api/shell/routes                  → RouteDefinition[] (frame `src` Props made absolute: shell/frames.ts)
 *   Applications, menus and routes answer their names (Description, MenuName, Meta.title) in the caller's
 *   language (shell/names.ts); menu items and routes carry `Available` (shell/availability.ts).
 *   GET  /api/shell/profile                 → UserProfile
 *   GET  /api/shell/password-policy         → PasswordPolicy (auth/password-policy.ts)
 *   POST /api/shell/change-password {currentPassword, newPassword, confirmPassword} → CallResult
 *        200 ok; 400 current_password_invalid | password_mismatch | password_policy (Data.rule = the first
 *        rule broken, Data.rules = all of them) | bad_request; 409 external_provider (Data.accountUrl)
 *        when an external identity provider manages passwords, or conflict; 429 too_many_attempts
 *        (Retry-After header, Data.retryAfterSeconds) — see shell/password.ts
 *   GET  /api/tenant                        → TenantInfo
 *   GET  /api/shell_init/languages          → LanguagesAnswer
 *   POST /api/shell_init/locale {locale}    → CallResult (400 for an unknown locale or any other input)
 * Every input has a JSON schema that rejects unknown fields.
 */
import type { CallResult, LanguagesAnswer, TenantInfo } from '@erp/shared/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_POLICY, ruleMessage, type PasswordPolicy } from '../auth/password-policy.ts';
import { currentUser } from '../auth/plugin.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { failure, sendFailure } from '../http/errors.ts';
import { createAvailability } from './availability.ts';
import { resolveFrameProps } from './frames.ts';
import { callerLanguage } from './names.ts';
import { changePassword, createChangePasswordLimiter, type ChangePasswordInput } from './password.ts';
import {
  DEFAULT_LANGUAGE,
  activeLanguages,
  applicationsFor,
  menusFor,
  profileOf,
  routesFor,
  setLanguage,
} from './service.ts';

const menusQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['application'],
  properties: { application: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const localeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['locale'],
  properties: {
    // §3: LocaleIdentifier = LanguageCode-CountryCode, e.g. en-CA, zh-TW.
    locale: { type: 'string', minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}-[A-Za-z]{2,4}$' },
  },
} as const;

const passwordField = { type: 'string', maxLength: PASSWORD_POLICY.maxLength } as const;
const changePasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword', 'confirmPassword'],
  properties: { currentPassword: passwordField, newPassword: passwordField, confirmPassword: passwordField },
} as const;

/**
 * The body schemas run with type coercion (needed for query strings), which would turn a number or null
 * into a string password. This check runs before validation and refuses any non-string field.
 */
async function passwordFieldsAreStrings(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const field of changePasswordBody.required) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined && typeof value !== 'string') {
      return sendFailure(reply, 400, 'bad_request', `Bad request: body/${field} must be string`);
    }
  }
}

/** A failure CallResult carrying Data, sent with `status`. */
function sendFailureWithData(reply: FastifyReply, status: number, code: string, message: string, data: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send({ ...failure(code, message), Data: data });
}

/** Routes without input still reject any query string parameter. */
const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export function registerShellRoutes(app: FastifyInstance, deps: { config: ServerConfig; database: Database }): void {
  const { config, database } = deps;
  const { db } = database;

  // Issue 16 item 4: which screens the built modules export (read lazily, re-read after a rebuild).
  const availability = createAvailability(config.repoRoot);
  // Issue 16 item 3: names in the caller's language (Accept-Language, else the stored language).
  app.get('/api/shell/applications', { schema: { querystring: noQuery } }, async (request) => {
    const user = currentUser(request);
    return applicationsFor(db, user, callerLanguage(request, user));
  });

  app.get<{ Querystring: { application: string } }>(
    '/api/shell/menus',
    { schema: { querystring: menusQuery } },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = await menusFor(db, user, request.query.application, callerLanguage(request, user), await availability);
      if (answer.kind === 'forbidden') {
        return sendFailure(reply, 403, 'forbidden', 'You do not have sufficient permissions.');
      }
      return answer.menus;
    },
  );

  // Relative frame sources resolve against the first newer-version front-end origin.
  const frameBase = config.frames.origins[0]!;
  app.get('/api/shell/routes', { schema: { querystring: noQuery } }, async (request) => {
    const user = currentUser(request);
    return (await routesFor(db, user, callerLanguage(request, user), await availability)).map((route) => ({
      ...route,
      Props: resolveFrameProps(route.Component, route.Props, frameBase),
    }));
  });

  app.get('/api/shell/profile', { schema: { querystring: noQuery } }, async (request) =>
    profileOf(currentUser(request)),
  );

  app.get('/api/shell/password-policy', { schema: { querystring: noQuery } }, async (): Promise<PasswordPolicy> => ({
    ...PASSWORD_POLICY,
  }));

  const passwordAttempts = createChangePasswordLimiter(db);
  app.post<{ Body: ChangePasswordInput }>(
    '/api/shell/change-password',
    { schema: { body: changePasswordBody, querystring: noQuery }, preValidation: passwordFieldsAreStrings },
    async (request, reply) => {
      const user = currentUser(request);
      if (!config.oidc.embedded) {
        return sendFailureWithData(
          reply,
          409,
          'external_provider',
          'Passwords are managed by the identity provider; change yours on its account page.',
          { accountUrl: config.oidc.accountUrl },
        );
      }
      const answer = await changePassword(db, user, request.body, passwordAttempts);
      switch (answer.kind) {
        case 'too-many-attempts':
          reply.header('retry-after', String(answer.retryAfterSeconds));
          return sendFailureWithData(
            reply,
            429,
            'too_many_attempts',
            'Too many wrong current passwords. Try again later.',
            { retryAfterSeconds: answer.retryAfterSeconds },
          );
        case 'current-password-invalid':
          return sendFailure(reply, 400, 'current_password_invalid', 'The current password is not correct.');
        case 'mismatch':
          return sendFailure(reply, 400, 'password_mismatch', 'The new password and its confirmation do not match.');
        case 'policy': {
          const rule = answer.rules[0]!;
          return sendFailureWithData(reply, 400, 'password_policy', ruleMessage(rule), { rule, rules: answer.rules });
        }
        case 'conflict':
          return sendFailure(reply, 409, 'conflict', 'The user record was changed meanwhile; try again.');
        case 'ok': {
          request.log.info({ userId: user.userId }, 'password changed');
          const result: CallResult = {
            ResultStatus: 1,
            ResultCode: 'ok',
            Message: 'The password was changed.',
            EntityId: user.userId,
            Exception: null,
          };
          return reply.header('cache-control', 'no-store').send(result);
        }
      }
    },
  );

  app.get('/api/tenant', { schema: { querystring: noQuery } }, async (): Promise<TenantInfo> => ({
    server: database.server,
    database: database.name,
    releaseNumber: config.releaseNumber,
  }));

  app.get('/api/shell_init/languages', { schema: { querystring: noQuery } }, async (): Promise<LanguagesAnswer> => ({
    Languages: await activeLanguages(db),
    DefaultLanguage: DEFAULT_LANGUAGE,
  }));

  app.post<{ Body: { locale: string } }>(
    '/api/shell_init/locale',
    { schema: { body: localeBody, querystring: noQuery } },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = await setLanguage(db, user, request.body.locale);
      if (answer.kind === 'unknown-locale') {
        return sendFailure(reply, 400, 'unknown_locale', `Unknown locale: ${request.body.locale}`);
      }
      if (answer.kind === 'conflict') {
        return sendFailure(reply, 409, 'conflict', 'The user record was changed meanwhile; try again.');
      }
      const result: CallResult = {
        ResultStatus: 1,
        ResultCode: 'ok',
        Message: null,
        EntityId: user.userId,
        Exception: null,
        Data: { locale: answer.locale },
      };
      return result;
    },
  );
}
