import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { dataKeys, type SiteData } from '#shared/data-keys.ts';
import { createSiteDataStore } from './site-data-store.ts';

const site = Object.fromEntries(
  dataKeys.map((key) => [key, JSON.parse(readFileSync(`data/${key}.json`, 'utf8'))]),
) as SiteData;

describe('site data store', () => {
  it('stores a changed body under its key and tells subscribers', () => {
    const store = createSiteDataStore(site);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('config', { ...site.config, appName: 'Renamed' });
    expect(store.get().config.appName).toBe('Renamed');
    expect(store.get().media).toBe(site.media);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not re-render for a body equal to the one it has', () => {
    const store = createSiteDataStore(site);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('media', structuredClone(site.media));
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe(site);
  });

  it('stops telling a subscriber that left', () => {
    const store = createSiteDataStore(site);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set('config', { ...site.config, appName: 'Other' });
    expect(listener).not.toHaveBeenCalled();
  });
});
