import { ServicePricing } from '../components/service-pricing.tsx';

export default function DirectToGarmentPage() {
  return <ServicePricing page="direct-to-garment" service="direct-to-garment" />;
}
