/**
 * What the server hands the desk's React views (client/desk, rendered by the SSR entry's renderDesk):
 * plain data, dates as ISO strings. The desk is rendered on the server only and ships no JavaScript:
 * every action is a plain form with post/redirect/get, so the public pages' bundles never carry it.
 */
import type { RequestStatus } from './requests/request-status.ts';

/** The inbox's filter as the address bar carries it. */
export interface DeskFilter {
  status?: RequestStatus;
  kind?: 'quote' | 'contact';
  search?: string;
  page: number;
}

/** One inbox row, ready to show. */
export interface DeskListItem {
  reference: string;
  kind: 'quote' | 'contact';
  status: RequestStatus;
  name: string;
  email: string;
  company?: string;
  service?: string;
  quantity?: number;
  /** YYYY-MM-DD, when the customer gave one. */
  inHandsDate?: string;
  /** Days from today to the in-hands date (negative once past). */
  daysLeft?: number;
  receivedAt: string;
  unread: boolean;
}

/** A request's file as the desk lists it: downloads always, previews for raster images only. */
export interface DeskFile {
  position: number;
  name: string;
  mediaType: string;
  size: number;
  /** PNG and JPEG: shown as a thumbnail. SVG and PDF are never shown, only downloaded. */
  previewable: boolean;
}

/** One line of the activity log, worded for people. */
export interface DeskEvent {
  at: string;
  who: string;
  what: string;
  /** A note's text, or the message sent with a status change. */
  text?: string;
}

/** One message of the conversation with the customer. */
export interface DeskMessage {
  at: string;
  from: 'customer' | 'shop';
  /** The customer's name, or the staff member's address. */
  who: string;
  text: string;
}

/** The state of one of the request's e-mails. */
export interface DeskMail {
  recipient: string;
  state: 'sent' | 'waiting' | 'failed';
  attempts: number;
  lastError?: string;
}

/** Every page of the desk. */
export type DeskView =
  | { page: 'sign-in'; state: 'ask' | 'sent' | 'invalid' | 'signed-out'; next?: string }
  | { page: 'confirm-sign-in'; token: string }
  | {
      page: 'inbox';
      staff: string;
      filter: DeskFilter;
      items: DeskListItem[];
      total: number;
      pageSize: number;
      counts: Partial<Record<RequestStatus, number>>;
      unread: number;
    }
  | {
      page: 'request';
      staff: string;
      reference: string;
      kind: 'quote' | 'contact';
      status: RequestStatus;
      name: string;
      email: string;
      receivedAt: string;
      /** The customer's fields as the shop reads them (label, value), in form order. */
      details: { label: string; value: string }[];
      files: DeskFile[];
      mails: DeskMail[];
      events: DeskEvent[];
      /** The conversation with the customer, oldest first. */
      thread: DeskMessage[];
      /** Where the shop may move it from here. */
      moves: RequestStatus[];
      /** A quote request's private page for its customer (the path, secret included). */
      customerPage?: string;
      /** The one-line result of the last action (post/redirect/get). */
      notice?: { type: 'success' | 'error'; text: string };
    };

/** Per request: the token every form carries and the stylesheet the page links. */
export interface DeskRenderOptions {
  csrfToken: string;
  stylesheets: readonly string[];
  shopName: string;
}
