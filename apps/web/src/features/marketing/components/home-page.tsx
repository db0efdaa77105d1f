import type { ReactNode } from 'react';
import { localDigits } from '../../../lib/i18n';
import type { Language } from '../../../lib/locales/paths';
import type { HomeCopy, Item } from '../content/types';
import { Hero } from './hero';
import { Icon, type IconName } from './icons';

const CORPORATE_ICONS: IconName[] = ['plane', 'policy', 'route', 'budget', 'eye'];
const APPROVAL_ICONS: IconName[] = ['money', 'calendar', 'home', 'check'];
const PROCESS_ICONS: IconName[] = ['laptop', 'money', 'fingerprint', 'passport'];

/** A section's heading and intro; ids tie the section's label to its heading. */
function SectionHeading({ id, heading, intro, light }: { id: string; heading: string; intro: string; light?: boolean }) {
  return (
    <>
      <h2 id={id} className={`section-title${light ? ' text-white' : ''}`}>
        {heading}
      </h2>
      <p className={`section-intro${light ? ' text-white' : ''}`}>{intro}</p>
    </>
  );
}

function FeatureCards({ items, icons, four }: { items: Item[]; icons: IconName[]; four?: boolean }) {
  return (
    <ul className={`feature-grid${four ? ' feature-grid-4' : ''} list-unstyled`}>
      {items.map((item, i) => (
        <li key={item.title} className="feature-card">
          <span className="feature-icon">
            <Icon name={icons[i] ?? 'check'} />
          </span>
          <h3 className="h5">{item.title}</h3>
          <p className="mb-0">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

interface HomePageProps {
  copy: HomeCopy;
  language: Language;
  enquiryPath: string;
  newTabLabel: string;
  /** The slides feature's carousel, composed in by the route (features never import each other). */
  carousel: ReactNode;
}

/** The landing page, its sections in the order docs/product.md#public-pages lists them. */
export function HomePage({ copy, language, enquiryPath, newTabLabel, carousel }: HomePageProps) {
  return (
    <>
      <Hero copy={copy.hero} enquiryPath={enquiryPath} />

      <section className="home-section" aria-labelledby="corporate-title">
        <div className="container">
          <SectionHeading id="corporate-title" {...copy.corporate} />
          <FeatureCards items={copy.corporate.items} icons={CORPORATE_ICONS} />
        </div>
      </section>

      <section className="home-section home-section-alt" aria-labelledby="how-title">
        <div className="container">
          <SectionHeading id="how-title" {...copy.howWeWork} />
          <ol className="steps list-unstyled">
            {copy.howWeWork.steps.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {localDigits(i + 1, language)}
                </span>
                <div>
                  <h3 className="h5">{step.title}</h3>
                  <p className="mb-0">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="approval-title">
        <div className="container">
          <SectionHeading id="approval-title" {...copy.approval} />
          <FeatureCards items={copy.approval.items} icons={APPROVAL_ICONS} four />
          <p className="honest-note">{copy.approval.note}</p>
        </div>
      </section>

      <section className="home-section home-gallery" id="gallery" aria-labelledby="gallery-title">
        <div className="container">
          <h2 id="gallery-title" className="visually-hidden">
            {copy.gallery.heading}
          </h2>
          {carousel}
        </div>
      </section>

      <section className="eligibility-banner" aria-labelledby="eligibility-title">
        <div className="container">
          <SectionHeading id="eligibility-title" heading={copy.eligibility.heading} intro={copy.eligibility.text} light />
          <a className="btn btn-light btn-lg" href={copy.eligibility.href} target="_blank" rel="noopener noreferrer">
            {copy.eligibility.link} <Icon name="external" size="sm" />
            <span className="visually-hidden"> {newTabLabel}</span>
          </a>
        </div>
      </section>

      <section className="home-section" aria-labelledby="process-title">
        <div className="container">
          <SectionHeading id="process-title" {...copy.process} />
          <ol className="process-grid list-unstyled">
            {copy.process.steps.map((step, i) => (
              <li key={step.title} className="process-step">
                <span className="feature-icon">
                  <Icon name={PROCESS_ICONS[i] ?? 'check'} />
                </span>
                <span className="process-number">{localDigits(i + 1, language)}</span>
                <h3 className="h5">{step.title}</h3>
                <p className="mb-0">{step.text}</p>
              </li>
            ))}
          </ol>
          <aside className="timing" aria-labelledby="timing-title">
            <span className="timing-icon">
              <Icon name="clock" size="lg" />
            </span>
            <div>
              <h3 id="timing-title" className="h5">
                {copy.timing.heading}
              </h3>
              <p className="mb-1 fw-semibold">
                {copy.timing.processing} {copy.timing.delivery}
              </p>
              <p className="mb-0 small">{copy.timing.caveat}</p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
