import { COPYRIGHT_START_YEAR, NOT_ADVICE_LINE } from '@probedge/proto';
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

function copyrightYears(now: Date): string {
  const year = now.getFullYear();
  return year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : String(year);
}

export function SiteFooter() {
  const { brandName, brandSubtitle, supportEmail } = appConfig;
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
            © {copyrightYears(new Date())} {brandName}. All rights reserved.
          </p>
          <p>{NOT_ADVICE_LINE}</p>
        </Bottom>
      </Inner>
    </Footer>
  );
}
