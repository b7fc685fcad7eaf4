import { useSyncExternalStore } from 'react';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import { COPYRIGHT_START_YEAR } from '../../lib/constants';
import { appConfig } from '../../lib/config';
import {
  About,
  Bottom,
  ColumnHeading,
  Columns,
  Footer,
  FooterAnchor,
  FooterBrand,
  FooterLink,
  Inner,
  LinkList,
} from './site-footer.styles';

const subscribeToNothing = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => appConfig.buildYear;

/**
 * The prerendered HTML says the build's year; hydration starts from that same year and then
 * moves to the visitor's, so a page built last December still hydrates without a text mismatch.
 */
function useCopyrightYears(): string {
  const year = useSyncExternalStore(subscribeToNothing, currentYear, buildYear);
  return year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : String(year);
}

export function SiteFooter() {
  const { brandName, brandSubtitle, supportEmail } = appConfig;
  const years = useCopyrightYears();
  return (
    <Footer>
      <Inner>
        <Columns>
          <About>
            <FooterBrand>{brandName}</FooterBrand>
            <p>{brandSubtitle}</p>
          </About>
          <nav aria-label="Help">
            <ColumnHeading>Help</ColumnHeading>
            <LinkList>
              <li>
                <FooterLink to="/faq">FAQ</FooterLink>
              </li>
              <li>
                <FooterLink to="/tools">Probability tools</FooterLink>
              </li>
              <li>
                <FooterAnchor href={`mailto:${supportEmail}`}>{supportEmail}</FooterAnchor>
              </li>
            </LinkList>
          </nav>
          <nav aria-label="Legal">
            <ColumnHeading>Legal</ColumnHeading>
            <LinkList>
              <li>
                <FooterLink to="/terms">Terms of Service</FooterLink>
              </li>
              <li>
                <FooterLink to="/privacy">Privacy Policy</FooterLink>
              </li>
              <li>
                <FooterLink to="/cookies">Cookie Policy</FooterLink>
              </li>
            </LinkList>
          </nav>
          <nav aria-label="Company">
            <ColumnHeading>Company</ColumnHeading>
            <LinkList>
              <li>
                <FooterAnchor href="#">About</FooterAnchor>
              </li>
              <li>
                <FooterAnchor href="#">Careers</FooterAnchor>
              </li>
            </LinkList>
          </nav>
        </Columns>
        <Bottom>
          <p>
            © {years} {brandName}. All rights reserved.
          </p>
          <p>{NOT_ADVICE_LINE}</p>
        </Bottom>
      </Inner>
    </Footer>
  );
}
