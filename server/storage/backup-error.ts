/** A backup or restore that cannot go on, with what to do about it: the CLI prints the message alone. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}
