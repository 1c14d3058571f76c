import { ServicePricing } from '#client/components/service-pricing.tsx';

export default function DirectToGarmentPage() {
  return <ServicePricing page="direct-to-garment" service="direct-to-garment" />;
}
