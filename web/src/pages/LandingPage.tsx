import { HeroSection } from '../features/landing/HeroSection';
import { FeaturesSection } from '../features/landing/FeaturesSection';
import { deferred } from '../lib/deferred';

// Below the hero, the interactive sections hydrate after the rest: their code (the demo's editor,
// tabs and switches, the sign-in dialog) is not part of the first load (issue 26).
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
