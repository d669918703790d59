import { HeroSection } from '../features/landing/HeroSection';
import { FeaturesSection } from '../features/landing/FeaturesSection';
import { deferred } from '../lib/deferred';

// Below the hero, the interactive sections' code (the demo's editor, tabs and switches, the sign-in
// dialog) is not among the first load's preloads (issue 26); it is fetched before the page hydrates.
const DemoConverter = deferred(async () => (await import('../features/demo/DemoConverter')).DemoConverter);
const SampleRequestSection = deferred(
  async () => (await import('../features/landing/SampleRequestSection')).SampleRequestSection,
);
const PricingSection = deferred(async () => (await import('../features/landing/PricingSection')).PricingSection);
const MagicLinkCta = deferred(async () => (await import('../features/landing/MagicLinkCta')).MagicLinkCta);

export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <DemoConverter />
      <FeaturesSection />
      <SampleRequestSection />
      <PricingSection />
      <MagicLinkCta />
    </>
  );
}
