import { marked } from 'marked';

/**
 * Markdown from the OpenAPI descriptions, rendered on the server. The text is the project's own (schema descriptions
 * written in lib/), never partner input, so its HTML is trusted.
 */
// Preflight strips element styles; give rendered markdown its code, lists and paragraphs back.
const markdownStyle = '[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_a]:underline';
const blockStyle = '[&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5';

export function Markdown({ text, inline = false, className }: { text: string; inline?: boolean; className?: string }) {
  const html = inline ? marked.parseInline(text, { async: false }) : marked.parse(text, { async: false });
  return inline ? (
    <span className={`${markdownStyle} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={`${markdownStyle} ${blockStyle} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <figure className="mt-2">
      {label ? <figcaption className="text-xs font-semibold text-stone-500 uppercase">{label}</figcaption> : null}
      <pre className="mt-1 overflow-x-auto rounded-md bg-stone-900 p-3 text-xs leading-relaxed text-stone-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
