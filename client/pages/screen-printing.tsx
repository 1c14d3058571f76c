import { ServicePricing } from '#client/components/service-pricing.tsx';

export default function ScreenPrintingPage() {
  return <ServicePricing page="screen-printing" service="screen-printing" />;
}
