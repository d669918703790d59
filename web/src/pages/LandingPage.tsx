import { HeroSection } from '../features/landing/HeroSection';

export default function LandingPage() {
  return (
    <>
      <HeroSection />
    </>
  );
}
