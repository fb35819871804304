import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@console/contract/errors';
import { AppError } from './errors';

/** Fastify's own error codes, mapped to CONTRACT codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

const PUBLIC_MESSAGES: Partial<Record<ErrorCode, string>> = {
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  INTERNAL: 'Internal server error',
  DATABASE_UNAVAILABLE: 'Database unavailable',
};

function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === '08006' || code === '08001';
}

/** One handler, one body shape (CONTRACT §Errors); 5xx bodies never carry details. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let code: ErrorCode;
    let message: string;
    let details: ErrorBody['details'];

    if (err instanceof AppError) {
      code = err.code;
      message = err.message;
      details = err.details;
      if (err.headers) reply.headers(err.headers);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      code = 'VALIDATION_ERROR';
      details = err.validation.map((v) => ({
        path: [err.validationContext, ...(v.instancePath || '').split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      message = `Invalid ${details[0]?.path || 'request'}: ${details[0]?.message ?? 'invalid value'}`;
    } else if (isResponseSerializationError(err)) {
      code = 'INTERNAL';
      message = PUBLIC_MESSAGES.INTERNAL!;
    } else if (err.code && FASTIFY_CODES[err.code]) {
      code = FASTIFY_CODES[err.code];
      message = PUBLIC_MESSAGES[code] ?? (code === 'BAD_REQUEST' ? 'Request body is not valid JSON' : err.message);
    } else if (err.statusCode === 429) {
      code = 'RATE_LIMITED';
      message = 'Too many requests';
    } else if (isDatabaseDown(err)) {
      code = 'DATABASE_UNAVAILABLE';
      message = PUBLIC_MESSAGES.DATABASE_UNAVAILABLE!;
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      code = err.statusCode === 404 ? 'NOT_FOUND' : err.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      message = err.message;
    } else {
      code = 'INTERNAL';
      message = PUBLIC_MESSAGES.INTERNAL!;
    }

    const status = ERROR_STATUS[code];
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.debug({ err: err.message, code }, 'request refused');
    const body: ErrorBody = { error: message, code, ...(details ? { details } : {}) };
    return reply.status(status).type('application/json').send(body);
  });

}

/**
 * Unknown routes: 404 JSON for /api/* and files; with a built web app, other GETs get index.html
 * so client-side routes work on reload.
 */
export function registerNotFoundHandler(app: FastifyInstance, opts: { spaFallback: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]+$/i.test(path);
    if (opts.spaFallback && isPage) return reply.type('text/html').sendFile('index.html');
    const body: ErrorBody = { error: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' };
    return reply.status(404).send(body);
  });
}
