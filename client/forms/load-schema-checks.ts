type SchemaChecks = typeof import('./schema-checks.ts');

let loading: Promise<SchemaChecks> | undefined;

/**
 * The form checks, fetched once: when the visitor first focuses a field, and at the latest when they
 * send. A failed fetch is forgotten, so the next attempt tries again.
 */
export function loadSchemaChecks(): Promise<SchemaChecks> {
  loading ??= import('./schema-checks.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** For a form's first focus: starts the download; a failure is left for the send to meet and report. */
export function prefetchSchemaChecks(): void {
  void loadSchemaChecks().catch(() => undefined);
}
