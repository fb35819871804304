import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remend from 'remend';

/**
 * Closes what an unfinished reply left open (`**bold`, `` `code ``, a code fence, a link) so it
 * renders as it will once complete instead of showing raw markers; links without their address
 * yet show as text.
 */
export function completePartial(text: string): string {
  return remend(text, { linkMode: 'text-only', images: false, katex: false, inlineKatex: false });
}

/**
 * Assistant text as sanitised Markdown (GFM tables, lists, code blocks); raw HTML is never
 * rendered and links open in a new tab. `partial`: the text is still streaming or was cut off.
 */
export function Markdown({ text, partial = false }: { text: string; partial?: boolean }) {
  return (
    <div className="chat-markdown space-y-2 break-words [&_a]:text-blue-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-slate-100 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
        }}
      >
        {partial ? completePartial(text) : text}
      </ReactMarkdown>
    </div>
  );
}
