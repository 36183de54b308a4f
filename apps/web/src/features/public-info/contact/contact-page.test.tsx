import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

const tel = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

describe('contact page', () => {
  it.each(['/contactUsComponent', '/pages/contact-us-boxed', '/pages/contact-us-cover'])(
    '%s shows both units with tel: links and hours, the main page link and the version line',
    async (path) => {
      await renderRoute(path, { signedIn: false });
      expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
      expect(await screen.findByText('Version 2.0 build 14')).toBeInTheDocument();
      expect(document.title).toBe(`Contact us – ${testProfile.productName.en}`);
      for (const unit of testProfile.contactUnits) {
        const region = screen.getByRole('region', { name: unit.name.en });
        expect(within(region).getByRole('link', { name: unit.phone })).toHaveAttribute('href', tel(unit.phone));
        expect(within(region).getByRole('link', { name: unit.fax })).toHaveAttribute('href', tel(unit.fax!));
        expect(region).toHaveTextContent(unit.hours!.en);
      }
      const main = screen.getByRole('link', { name: /main child care page/ });
      expect(main).toHaveAttribute('href', testProfile.mainChildCarePageUrl);
      expect(main).not.toHaveAttribute('target');
      expect(screen.getByText('Version 2.0 build 14')).toBeInTheDocument();
    },
  );
});
