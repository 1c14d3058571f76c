/**
 * A real SMTP server on loopback that catches what the app sends, each message parsed by mailparser
 * (headers decoded, text and HTML bodies, attachments), with the envelope recipients beside it.
 */
import type { AddressInfo } from 'node:net';
import { type AddressObject, type HeaderValue, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface CaughtAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
}

interface CaughtMail {
  /** RCPT TO of the SMTP session: who the message was delivered to, Bcc included. */
  envelopeTo: string[];
  /** Everything mailparser read from the message. */
  parsed: ParsedMail;
  /** A header's decoded value as one line (addresses as `Name <address>`), or undefined. */
  header(name: string): string | undefined;
  text: string;
  html: string | undefined;
  attachments: CaughtAttachment[];
}

export interface SmtpCatcher {
  url: string;
  /** Caught messages, in the order they arrived. */
  received: CaughtMail[];
  /** While set, every message is refused with this error. */
  rejectWith: (Error & { responseCode?: number }) | undefined;
  /** How long the server waits before accepting a message. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const state: SmtpCatcher = {
    url: '',
    received: [],
    rejectWith: undefined,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  // Parsing is asynchronous: one after another, so `received` keeps the order of arrival.
  let parsing = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection: it costs each message a lookup on this machine.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejectWith) {
          callback(state.rejectWith);
          return;
        }
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        parsing = parsing
          .then(() => simpleParser(Buffer.concat(chunks)))
          .then(
            (parsed) => {
              // Caught before the client hears it was accepted, as a real server stores before it answers.
              state.received.push(caughtMail(parsed, envelopeTo));
              setTimeout(() => callback(), state.delayMs);
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

/** A loopback address where nothing listens: connections to it are refused at once. */
export async function closedSmtpUrl(): Promise<string> {
  const server = await startSmtpCatcher();
  await server.close();
  return server.url;
}

function caughtMail(parsed: ParsedMail, envelopeTo: string[]): CaughtMail {
  return {
    envelopeTo,
    parsed,
    header: (name) => {
      const value = parsed.headers.get(name.toLowerCase());
      return value === undefined ? undefined : headerText(value);
    },
    text: parsed.text ?? '',
    html: parsed.html === false ? undefined : parsed.html,
    attachments: parsed.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
  };
}

function headerText(value: HeaderValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => headerText(item)).join(', ');
  if (isAddressObject(value)) return addressText(value);
  return typeof value.value === 'string' ? value.value : JSON.stringify(value.value);
}

/** `Name <address>` as a person reads it (mailparser's own `text` quotes the name). */
function addressText(value: AddressObject): string {
  return value.value.map(({ name, address }) => (name ? `${name} <${address ?? ''}>` : (address ?? ''))).join(', ');
}

function isAddressObject(value: object): value is AddressObject {
  return 'text' in value && 'value' in value && Array.isArray(value.value);
}
