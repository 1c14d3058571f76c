import { Fragment } from 'react';

/**
 * A person's name on the roster: it wraps only between words, and a word too long for a phone's column
 * is cut short with an ellipsis (the whole name in its title), never broken in the middle.
 */
export function WholeWords({ text }: { text: string }) {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    <span title={text} data-name>
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same word may come twice in a name
        <Fragment key={index}>
          {index > 0 && ' '}
          <span className="inline-block max-w-24 truncate align-bottom sm:max-w-80" data-word>
            {word}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
