import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HydrationState, isRouteErrorResponse } from 'react-router';
import type { SerializedHydration } from '#shared/ssr-contract.ts';

/** Route errors travel as JSON; thrown responses keep status and data, other errors only a message. */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
      // The message of an unexpected error stays on the server: the log has it, the visitor needs none.
      return [routeId, { __type: 'Error', message: 'Unexpected error' }];
    }),
  );
}

interface SerializedError {
  __type?: string;
  status?: number;
  statusText?: string;
  data?: unknown;
  internal?: boolean;
  message?: string;
}

export function deserializeHydration(state: SerializedHydration): HydrationState {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors as Record<string, SerializedError>).map(([routeId, value]) => [
          routeId,
          value.__type === 'RouteErrorResponse'
            ? new ErrorResponse(value.status ?? 500, value.statusText ?? '', value.data, value.internal === true)
            : new Error(value.message ?? 'Unexpected error'),
        ]),
      )
    : null;
  return { loaderData: state.loaderData, actionData: state.actionData, errors };
}
