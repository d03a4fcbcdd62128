// Every rule a comment cites must be traceable inside the repository: sources cite the project's own documents
// (docs/contract.md#anchor, docs/domain.md#anchor, README.md#anchor), never documents kept elsewhere, and every anchor
// they cite exists. Run by `npm run lint`; exits 1 and lists each offending line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Documents that are not in the repository, as the code used to cite them.
const outside = /CONTRACT(?: §|\.md)|SPEC\.md|\bSPEC "|\bSPEC operator console/;
const citation = /\b((?:docs\/[a-z0-9-]+|README)\.md)#([A-Za-z0-9-]+)/g;

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('sdk/dist/') && file !== 'scripts/check-doc-citations.mjs');

/** The anchors of a Markdown file: its headings, as GitHub spells them, and its explicit `<a id>`s. */
const anchorsOf = (() => {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // A citation of a missing file: no anchors, so every citation of it fails below.
      }
      const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
        heading
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 _-]/g, '')
          .replace(/ /g, '-'),
      );
      const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map(([, id]) => id);
      cache.set(file, new Set([...headings, ...ids]));
    }
    return cache.get(file);
  };
})();

const problems = [];
for (const file of sources) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (outside.test(line)) problems.push(`${where}: cites a document that is not in the repository; cite docs/<file>.md#<anchor>`);
    for (const [, document, anchor] of line.matchAll(citation)) {
      if (!anchorsOf(document).has(anchor)) problems.push(`${where}: ${document}#${anchor} does not exist`);
    }
  });
}

if (problems.length > 0) {
  console.error(`${problems.join('\n')}\n\n${problems.length} citation problem(s). docs/README.md says how sources cite the documentation.`);
  process.exit(1);
}
