import { PRIVACY_WORDS, renderPrivacyNotice } from '@visa/shared/privacy-notice-view';
import { pageMeta } from '../../../features/marketing/seo';
import { PrivacyPage } from '../../../features/privacy/components/privacy-page';
import type { Route } from './+types/privacy';

// Build time only: the default notice travels in the prerendered HTML; the server puts the published one in its place (ADR 0053).
export const loader = () => ({
  html: renderPrivacyNotice(null, 'en'),
  meta: pageMeta({ language: 'en', title: PRIVACY_WORDS.en.title, description: PRIVACY_WORDS.en.description }),
});

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage language="en" html={loaderData.html} />;
}
