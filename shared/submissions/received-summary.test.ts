import { describe, expect, it } from 'vitest';
import { receivedSummary } from './received-summary.ts';

describe('receivedSummary', () => {
  it('counts pieces, files, the images among them and comments with their plural forms', () => {
    expect(receivedSummary({ pieces: 48, fileTypes: ['image/png', 'application/pdf'], comments: 1 })).toBe(
      '48 pieces, 2 files (1 image) and 1 comment',
    );
    expect(receivedSummary({ pieces: 1, fileTypes: ['application/pdf'], comments: 0 })).toBe(
      '1 piece, 1 file (0 images)',
    );
    expect(receivedSummary({ pieces: 1200, fileTypes: ['image/svg+xml', 'image/jpeg'], comments: 2 })).toBe(
      '1,200 pieces, 2 files (2 images) and 2 comments',
    );
  });

  it('says when no files came, so the visitor knows to send them', () => {
    expect(receivedSummary({ pieces: 24, fileTypes: [], comments: 0 })).toBe('24 pieces, no files yet');
  });
});
