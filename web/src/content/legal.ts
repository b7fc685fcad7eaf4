import { LEGAL_LAST_UPDATED } from '../lib/constants';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
  disclaimer: string;
}

export interface LegalContext {
  brand: string;
  supportEmail: string;
}

export type LegalDocumentId = 'terms' | 'privacy' | 'cookies';

function disclaimerFor(brand: string): string {
  return `All content provided by ${brand} is for educational purposes only and is not investment advice.`;
}

function terms(ctx: LegalContext): LegalDocument {
  const { brand, supportEmail } = ctx;
  return {
    title: 'Terms of Service',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: `These Terms of Service govern your use of the ${brand} website, scanner, daily analysis, articles and the Professional Trading App. By creating an account or using the service you agree to these terms. If you do not agree, please do not use the service.`,
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          `${brand} provides probability-based educational analysis of financial markets. This includes a free scanner, daily analysis and opinion generated automatically from that day's news articles, educational guides and blog articles, and a paid subscription called the Professional Trading App.`,
          'We may change, add or remove features from time to time to improve the service.',
        ],
      },
      {
        heading: 'Educational content only, not investment advice',
        paragraphs: [
          `Everything on ${brand}, including scores, grades, scanner results, analysis, articles and opinions, is educational and informational content only. It is not investment advice, a recommendation, or an offer to buy or sell any security or other financial instrument, and it does not take your personal circumstances into account.`,
          'Trading and investing involve risk of loss, including the loss of more than you expect. Probabilities and scores are estimates and can be wrong. Past results do not guarantee future results. You are solely responsible for your own decisions and should do your own research and, where appropriate, consult a licensed professional.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You must provide accurate information when you create an account and keep your sign-in details secure. You are responsible for activity that takes place under your account.',
          'You agree not to misuse the service, including by attempting to access it without authorisation, interfering with its operation, scraping or reselling its content, or sharing subscriber access with others. We may suspend or close accounts that break these terms.',
        ],
      },
      {
        heading: 'Subscription and billing',
        paragraphs: [
          'The Professional Trading App costs $29.99 USD per month. The subscription renews automatically every month and you are charged at the start of each billing period until you cancel.',
          "You can cancel at any time from the Manage Subscription & Billing page, which opens our payment provider's customer portal. Cancellation stops future renewals; you keep access until the end of the billing period you have already paid for.",
          `Payments are processed by our card payment provider, Stripe. Your card details are entered with and held by the payment provider and are never stored by ${brand}.`,
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [
          'Subscription fees are not refunded for partial months. If you cancel part-way through a billing period, you will not receive a refund for the unused portion of that period.',
          `If you believe you have been charged in error, contact us at ${supportEmail} and we will review the charge.`,
        ],
      },
      {
        heading: 'Content and accuracy',
        paragraphs: [
          `The content, software and design of ${brand} are protected by intellectual property rights. You may use them for your own personal, non-commercial learning. You may not copy, redistribute or sell them without our written permission.`,
          'Market data, news and AI-generated analysis may be delayed, incomplete or inaccurate. The service is provided as is and as available, without warranties of any kind, to the extent permitted by law.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          `To the extent permitted by law, ${brand} is not liable for any trading or investment losses, or for any indirect or consequential losses, arising from your use of the service or reliance on its content. Nothing in these terms limits liability that cannot be limited by law.`,
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms. We will announce material changes at least 30 days before they take effect. If you continue to use the service after that notice period, the updated terms will apply. If you do not accept them, you can cancel your subscription before they take effect.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `Questions about these terms can be sent to ${supportEmail}. We aim to reply within about 24 hours on business days.`,
        ],
      },
    ],
    disclaimer: disclaimerFor(brand),
  };
}

function privacy(ctx: LegalContext): LegalDocument {
  const { brand, supportEmail } = ctx;
  return {
    title: 'Privacy Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: `This Privacy Policy explains what personal information ${brand} collects, how we use it, who we share it with and how long we keep it. We collect only what we need to provide the service.`,
    sections: [
      {
        heading: 'Information we collect',
        paragraphs: [
          'Account information: the e-mail address and any profile details you provide when you create an account.',
          'Subscription information: whether you have an active Professional Trading App subscription, its status and billing history, and the identifiers our payment provider gives us for your customer record and payment sessions.',
          'Technical information: basic logs such as IP address, browser type and the pages or features requested, used to keep the service secure and working.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: [
          'We use your information to create and secure your account, provide subscriber features, process and confirm payments, respond to support requests, send essential service messages such as billing or policy notices, and detect abuse or technical problems.',
          'We do not sell your personal information and we do not use it for advertising.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          `Payments are processed by our card payment provider, Stripe. You enter your card details directly with the payment provider. Your card details are never stored by ${brand}; we only receive information such as the subscription status and payment confirmations.`,
        ],
      },
      {
        heading: 'Sharing with service providers',
        paragraphs: [
          'We share information only with service providers that help us run the service, such as our payment provider and hosting providers, and only as far as they need it to perform their work for us. We may also disclose information when required by law.',
        ],
      },
      {
        heading: 'How long we keep information',
        paragraphs: [
          'We keep account and billing records for as long as your account is active and for 2 years after your account ends, so that we can meet accounting and legal obligations and resolve any disputes. After that, the records are deleted or anonymised.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We use reasonable technical and organisational measures to protect your information, including encrypted connections and restricted access. No system is completely secure, so please keep your sign-in details private and tell us promptly if you suspect misuse of your account.',
        ],
      },
      {
        heading: 'Your choices and rights',
        paragraphs: [
          `You can ask to access, correct or delete your personal information, or ask questions about how it is used, by contacting ${supportEmail}. Some records may need to be kept for the retention period described above. We aim to reply within about 24 hours on business days.`,
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'If we make material changes to this policy, we will announce them at least 30 days before they take effect.',
        ],
      },
    ],
    disclaimer: disclaimerFor(brand),
  };
}

function cookies(ctx: LegalContext): LegalDocument {
  const { brand, supportEmail } = ctx;
  return {
    title: 'Cookie Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: `This Cookie Policy explains how ${brand} uses cookies and similar browser storage. We keep this to the minimum needed for the service to work.`,
    sections: [
      {
        heading: 'What cookies and local storage are',
        paragraphs: [
          'Cookies are small files that a website stores in your browser and that are sent back to the website with later requests. Local storage is a similar browser feature that lets a website keep small pieces of data on your device.',
        ],
      },
      {
        heading: 'Strictly necessary access cookie',
        paragraphs: [
          'If you are a subscriber, we set a strictly necessary access cookie so that you can use the Professional Trading App without signing in on every page. It is an httpOnly cookie, which means scripts running in the page cannot read it.',
          'Because this cookie is required for subscriber features to work, it does not need your consent. It is not used for tracking or advertising.',
        ],
      },
      {
        heading: 'Local storage',
        paragraphs: [
          "When you start a subscription, we keep the payment session id in your browser's local storage. It allows us to confirm your payment when you return from the payment provider's checkout page. It contains no card details.",
        ],
      },
      {
        heading: 'No advertising cookies',
        paragraphs: [
          `${brand} does not use advertising cookies and does not allow advertising networks to place cookies through our site.`,
        ],
      },
      {
        heading: 'Payment provider pages',
        paragraphs: [
          "When you pay or manage billing, you are taken to pages operated by our card payment provider, Stripe. Those pages may use their own cookies for security and fraud prevention, under the payment provider's own policies.",
        ],
      },
      {
        heading: 'Managing cookies',
        paragraphs: [
          'You can delete or block cookies and clear local storage in your browser settings. If you block the access cookie, subscriber features will not work, and clearing local storage during checkout may prevent us from confirming a payment automatically.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          `If we make material changes to this policy, we will announce them at least 30 days before they take effect. Questions can be sent to ${supportEmail}; we aim to reply within about 24 hours on business days.`,
        ],
      },
    ],
    disclaimer: disclaimerFor(brand),
  };
}

export function legalDocument(id: LegalDocumentId, ctx: LegalContext): LegalDocument {
  switch (id) {
    case 'terms':
      return terms(ctx);
    case 'privacy':
      return privacy(ctx);
    case 'cookies':
      return cookies(ctx);
  }
}
