import { ServicePricing } from '#client/components/service-pricing.tsx';

export default function EmbroideryPage() {
  return <ServicePricing page="embroidery" service="embroidery" />;
}
