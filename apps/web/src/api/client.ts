import { clearSession, getSession } from '../session/store';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Added as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON (FormData and strings are sent as they are). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Receives the response headers of a successful call (e.g. a paging cursor). */
  onHeaders?: (headers: Headers) => void;
}

/** A failed call: HTTP status (0 when the network failed), the server's machine code and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** `/api/...` paths are used as given; any other path is under `/api/v1` (`'/tickets'` → `/api/v1/tickets`). */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') || path === '/api' ? path : `/api/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** Headers every call carries: the bearer token of the session (SPEC §7). */
export function authHeaders(): Record<string, string> {
  const { token } = getSession();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A 401 while signed in means the session is gone (expired or revoked): sign out locally. */
export function handleUnauthorized(sentToken: string | null): void {
  if (sentToken && getSession().token === sentToken) clearSession();
}

/** The typed fetch client every panel uses (through TanStack Query hooks). */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, headers, signal } = options;
  const sentToken = getSession().token;
  const init: RequestInit = { method, signal, headers: { Accept: 'application/json', ...authHeaders(), ...headers } };
  if (body !== undefined) {
    if (body instanceof FormData || typeof body === 'string') {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(sentToken);
    const fields = isRecord(payload) ? payload : {};
    const message = typeof fields.error === 'string' && fields.error ? fields.error : response.statusText || `HTTP ${response.status}`;
    const code = typeof fields.code === 'string' ? fields.code : `HTTP_${response.status}`;
    throw new ApiError(response.status, code, message, fields.details);
  }
  options.onHeaders?.(response.headers);
  return payload as T;
}

/** The message to show for any thrown value: the server's error field, else the error's message (SPEC §8). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Downloads a file from an authenticated route: the bearer token goes in a header (a plain link
 * cannot carry it), then the browser saves the bytes under `filename`.
 */
export async function downloadFile(path: string, filename: string, query?: Record<string, QueryValue>): Promise<void> {
  const sentToken = getSession().token;
  const response = await fetch(apiUrl(path, query), { headers: authHeaders() });
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(sentToken);
    const payload = await readBody(response);
    const fields = isRecord(payload) ? payload : {};
    throw new ApiError(response.status, typeof fields.code === 'string' ? fields.code : `HTTP_${response.status}`, typeof fields.error === 'string' ? fields.error : response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
