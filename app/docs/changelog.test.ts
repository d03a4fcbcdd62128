import { describe, expect, it } from 'vitest';
import { apiVersions, type ApiName } from '@/lib/api/versions';
import { changelog, changelogInterfaces, type ChangelogInterface } from './changelog';

const versioned: Partial<Record<ChangelogInterface, ApiName>> = {
  Ordering: 'ordering',
  Tables: 'tables',
  Sales: 'sales',
  Booking: 'booking',
  Loyalty: 'loyalty',
};

describe('the /docs changelog', () => {
  it('is one list grouped by interface, in the order of changelogInterfaces', () => {
    const order = changelog.map((entry) => entry.api).filter((api, index, all) => index === 0 || all[index - 1] !== api);
    expect(order, 'each interface appears once, its entries together').toEqual([...new Set(order)]);
    expect(order).toEqual(changelogInterfaces.filter((api) => order.includes(api)));
  });

  it('says each change once', () => {
    const changes = changelog.map((entry) => entry.change);
    expect(changes.filter((change, index) => changes.indexOf(change) !== index)).toEqual([]);
  });

  it('opens each versioned interface with its default, then names every version it serves and every alias it answers', () => {
    for (const [name, api] of Object.entries(versioned) as [ChangelogInterface, ApiName][]) {
      const entries = changelog.filter((entry) => entry.api === name);
      const { default: fallback, supported, aliases } = apiVersions[api];
      expect(entries[0], name).toMatchObject({ version: fallback, change: expect.stringMatching(/^The default/) });
      const versions = new Set(entries.map((entry) => entry.version));
      for (const version of [...supported, ...Object.keys(aliases)]) expect(versions.has(version), `${name} ${version}`).toBe(true);
    }
  });

  it('lists version entries before changes within an interface', () => {
    const isVersionEntry = (change: string) => /^The default|reference’s (version|default)/.test(change);
    for (const name of changelogInterfaces) {
      const kinds = changelog.filter((entry) => entry.api === name).map((entry) => isVersionEntry(entry.change));
      expect(kinds, name).toEqual([...kinds].sort((a, b) => Number(b) - Number(a)));
    }
  });
});
