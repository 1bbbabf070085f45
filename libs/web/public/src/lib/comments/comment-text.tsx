import { Fragment, type ReactNode } from 'react';

/** A web address in a comment's plain text, without the punctuation that usually follows one. */
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/g;

/** One line of text with its web addresses as links; readers' links are `nofollow ugc` (search engines' rule for user content). */
function withLinks(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    parts.push(line.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} rel="nofollow ugc">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return parts;
}

/** A comment's plain text: paragraphs at blank lines, line breaks kept, addresses as links (never HTML). */
export function CommentText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="comment__text">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {withLinks(line)}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
