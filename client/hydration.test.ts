import { UNSAFE_ErrorResponseImpl as ErrorResponse, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deserializeHydration, serializeErrors } from './hydration.ts';

describe('hydration errors', () => {
  it('round-trips a thrown response with its status and data', () => {
    const serialized = serializeErrors({ root: new ErrorResponse(404, 'Not Found', { reason: 'gone' }) });
    const { errors } = deserializeHydration(
      JSON.parse(JSON.stringify({ loaderData: {}, actionData: null, errors: serialized })),
    );
    const error = errors?.root;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, data: { reason: 'gone' } });
  });

  it('keeps the message of an unexpected error on the server', () => {
    const serialized = serializeErrors({ root: new Error('database password is hunter2') });
    expect(JSON.stringify(serialized)).not.toContain('hunter2');
    const { errors } = deserializeHydration({ loaderData: {}, actionData: null, errors: serialized });
    expect(errors?.root).toBeInstanceOf(Error);
  });

  it('passes no errors through as none', () => {
    expect(serializeErrors(null)).toBeNull();
    expect(deserializeHydration({ loaderData: { a: 1 }, actionData: null, errors: null }).errors).toBeNull();
  });
});
