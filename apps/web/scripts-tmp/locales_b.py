from locales_a import L

def section(title_en, title_de, body_en, body_de):
    return {'title': (title_en, title_de), 'body': (body_en, body_de)}

L['legal'] = {
  'back': ('Back to the start page', 'Zurück zur Startseite'),
  'terms': {
    'title': ('Terms of use', 'Nutzungsbedingungen'),
    'intro': ('These terms govern the use of Kontor by your organisation and its members.', 'Diese Bedingungen regeln die Nutzung von Kontor durch Ihre Organisation und deren Mitglieder.'),
    'sections': {
      'scope': section('Scope', 'Geltungsbereich',
        'Kontor is provided to organisations for managing their invoices, payments and related finance work. Each organisation is responsible for the data its members enter and for the payments it approves and exports.',
        'Kontor wird Organisationen zur Verwaltung ihrer Rechnungen, Zahlungen und der damit verbundenen Finanzarbeit bereitgestellt. Jede Organisation ist für die Daten ihrer Mitglieder und für die Zahlungen verantwortlich, die sie freigibt und exportiert.'),
      'data': section('Accounts and data', 'Konten und Daten',
        'Keep your sign-in details confidential. Administrators decide who belongs to an organisation and what each member may do. Plans, limits and prices are shown on the billing page.',
        'Halten Sie Ihre Anmeldedaten vertraulich. Administratoren entscheiden, wer zu einer Organisation gehört und was jedes Mitglied tun darf. Pläne, Limits und Preise stehen auf der Abrechnungsseite.'),
      'contact': section('Contact', 'Kontakt',
        'Questions about these terms go to the operator of this installation through the support address shown in the application.',
        'Fragen zu diesen Bedingungen richten Sie über die in der Anwendung genannte Support-Adresse an den Betreiber dieser Installation.'),
    },
  },
  'privacy': {
    'title': ('Privacy policy', 'Datenschutzerklärung'),
    'intro': ('This page explains which personal data Kontor processes and why.', 'Diese Seite erklärt, welche personenbezogenen Daten Kontor verarbeitet und warum.'),
    'sections': {
      'scope': section('What we process', 'Was wir verarbeiten',
        'Your name, e-mail address, language and the organisations you belong to, plus the business data your organisation stores: invoices, counterparties, bank transactions and payments.',
        'Ihren Namen, Ihre E-Mail-Adresse, Ihre Sprache und die Organisationen, denen Sie angehören, sowie die Geschäftsdaten Ihrer Organisation: Rechnungen, Geschäftspartner, Bankumsätze und Zahlungen.'),
      'data': section('Why and how long', 'Wozu und wie lange',
        'The data is used only to provide Kontor to your organisation. A session cookie keeps you signed in; no tracking cookies are used. Data is kept as long as your organisation uses Kontor and the law requires.',
        'Die Daten dienen nur dazu, Kontor für Ihre Organisation bereitzustellen. Ein Sitzungs-Cookie hält Sie angemeldet; Tracking-Cookies werden nicht verwendet. Die Daten werden aufbewahrt, solange Ihre Organisation Kontor nutzt und das Gesetz es verlangt.'),
      'contact': section('Your rights', 'Ihre Rechte',
        'You may ask for access to, correction or deletion of your personal data through the support address shown in the application.',
        'Sie können über die in der Anwendung genannte Support-Adresse Auskunft, Berichtigung oder Löschung Ihrer personenbezogenen Daten verlangen.'),
    },
  },
}

L['settings'] = {
  'title': ('Settings', 'Einstellungen'),
  'description': ('Manage your organisation. Only administrators see these settings.', 'Verwalten Sie Ihre Organisation. Nur Administratoren sehen diese Einstellungen.'),
  'tabsLabel': ('Settings sections', 'Einstellungsbereiche'),
  'tabs': {
    'general': ('General', 'Allgemein'),
    'api': ('API', 'API'),
    'billing': ('Billing', 'Abrechnung'),
    'bank-accounts': ('Bank accounts', 'Bankkonten'),
    'approval-flows': ('Approval flows', 'Freigabeprozesse'),
    'cost-centers': ('Cost centres', 'Kostenstellen'),
    'ledger-accounts': ('Ledger accounts', 'Sachkonten'),
    'tax-codes': ('Tax codes', 'Steuerschlüssel'),
    'payment-reminders': ('Payment reminders', 'Zahlungserinnerungen'),
    'payment-run-settings': ('Payment runs', 'Zahlungsläufe'),
  },
}

L['onboarding'] = {
  'title': ('Onboarding', 'Einrichtung'),
  'description': ('Set up Kontor for your organisation step by step.', 'Richten Sie Kontor Schritt für Schritt für Ihre Organisation ein.'),
  'checklist': ('The onboarding checklist', 'Die Einrichtungs-Checkliste'),
}
