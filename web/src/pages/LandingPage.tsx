import { HeroSection } from '../features/landing/HeroSection';
import { DemoConverter } from '../features/demo/DemoConverter';
import { FeaturesSection } from '../features/landing/FeaturesSection';
import { SampleRequestSection } from '../features/landing/SampleRequestSection';
import { PricingSection } from '../features/landing/PricingSection';
import { MagicLinkCta } from '../features/landing/MagicLinkCta';

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
