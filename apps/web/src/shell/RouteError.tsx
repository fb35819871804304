import { isRouteErrorResponse, useRouteError } from 'react-router';

/** SPEC §8: the fallback screen for unexpected routing errors. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">Unexpected Application Error!</h1>
        {detail && <p className="mt-2 break-words text-sm text-slate-600">{detail}</p>}
        <a href="/" className="btn btn-primary mt-5">
          Back to the console
        </a>
      </div>
    </div>
  );
}
