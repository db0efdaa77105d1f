import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArticleCopy } from '../content/types';

/** Terms and About: a readable column of titled sections with a table of contents; `after` follows the sections. */
export function ArticlePage({
  copy,
  ctaPath,
  contentsLabel,
  after,
}: {
  copy: ArticleCopy;
  ctaPath?: string;
  contentsLabel: string;
  after?: ReactNode;
}) {
  return (
    <article className="container article-page">
      <header className="article-header">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.lead}</p>
      </header>
      <nav className="article-toc" aria-label={contentsLabel}>
        <ul className="list-unstyled mb-0">
          {copy.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ul>
      </nav>
      {copy.sections.map((section) => (
        <section key={section.id} id={section.id} className="article-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {after}
      {copy.cta && ctaPath && (
        <aside className="article-cta">
          <p className="mb-2">{copy.cta.text}</p>
          <Link className="btn btn-danger" to={ctaPath}>
            {copy.cta.label}
          </Link>
        </aside>
      )}
    </article>
  );
}
