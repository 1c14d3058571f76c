/** A request's activity log: who did what to it, shared by the desk's and the customer's parts. */

/** Who did something to a request: a member of staff (by address), the customer, or the server itself. */
export type Actor = `staff:${string}` | 'customer' | 'system';

/** One line of a request's activity log. */
export interface RequestEvent {
  at: Date;
  actor: Actor;
  /** received, opened, status, note… */
  type: string;
  data: Record<string, unknown>;
}
