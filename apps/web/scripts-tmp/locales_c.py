from locales_b import L

L['organization'] = {
  'create': {
    'nameLabel': ('Company name', 'Name des Unternehmens'),
    'nameHint': ('Shown in the navigation and on documents; you can change it later.', 'Erscheint in der Navigation und auf Dokumenten; Sie können ihn später ändern.'),
    'failed': ('The organisation could not be created', 'Die Organisation konnte nicht angelegt werden'),
  },
  'general': {
    'heading': ('General settings', 'Allgemeine Einstellungen'),
    'loadFailed': ('The organisation could not be loaded', 'Die Organisation konnte nicht geladen werden'),
    'saved': ('Settings saved.', 'Einstellungen gespeichert.'),
    'saveFailed': ('The settings could not be saved', 'Die Einstellungen konnten nicht gespeichert werden'),
    'company': {
      'title': ('Company', 'Unternehmen'),
      'description': ('The name of your organisation as everyone in it sees it.', 'Der Name Ihrer Organisation, wie alle Mitglieder ihn sehen.'),
      'nameLabel': ('Company name', 'Name des Unternehmens'),
    },
    'logo': {
      'title': ('Logo', 'Logo'),
      'description': ('Shown in the navigation and on documents you send.', 'Erscheint in der Navigation und auf Dokumenten, die Sie versenden.'),
      'fileLabel': ('Logo file', 'Logo-Datei'),
      'hint': ('PNG, JPEG or WebP, at most {{maxMb}} MB. Recommended size: {{px}} × {{px}} px.', 'PNG, JPEG oder WebP, höchstens {{maxMb}} MB. Empfohlene Größe: {{px}} × {{px}} px.'),
      'upload': ('Upload logo', 'Logo hochladen'),
      'uploaded': ('Logo uploaded.', 'Logo hochgeladen.'),
      'uploadFailed': ('The logo could not be uploaded', 'Das Logo konnte nicht hochgeladen werden'),
      'previewAlt': ('Preview of the chosen logo', 'Vorschau des gewählten Logos'),
      'currentAlt': ('Current logo', 'Aktuelles Logo'),
    },
    'numbering': {
      'title': ('Automatic numbering', 'Automatische Nummerierung'),
      'description': ('New counterparties get the next free accounts payable or receivable number.', 'Neue Geschäftspartner erhalten die nächste freie Kreditoren- oder Debitorennummer.'),
      'startHint': ('Numbering starts here, for example {{example}}.', 'Die Nummerierung beginnt hier, zum Beispiel bei {{example}}.'),
      'payable': {
        'title': ('Accounts payable (suppliers)', 'Kreditoren (Lieferanten)'),
        'enable': ('Number accounts payable automatically', 'Kreditorennummern automatisch vergeben'),
        'startLabel': ('First accounts payable number', 'Erste Kreditorennummer'),
      },
      'receivable': {
        'title': ('Accounts receivable (customers)', 'Debitoren (Kunden)'),
        'enable': ('Number accounts receivable automatically', 'Debitorennummern automatisch vergeben'),
        'startLabel': ('First accounts receivable number', 'Erste Debitorennummer'),
      },
    },
    'requiredFields': {
      'title': ('Required invoice fields', 'Pflichtfelder auf Rechnungen'),
      'description': ('Choose for each field from which step of an invoice it must be filled in.', 'Legen Sie für jedes Feld fest, ab welchem Schritt einer Rechnung es ausgefüllt sein muss.'),
      'fields': {
        'counterparty': ('Counterparty', 'Geschäftspartner'),
        'counterpartyVat': ('Counterparty VAT number', 'USt-IdNr. des Geschäftspartners'),
        'purchaseOrder': ('Purchase order', 'Bestellung'),
        'billingPeriod': ('Billing period', 'Leistungszeitraum'),
        'paymentTerms': ('Payment terms', 'Zahlungsbedingungen'),
        'costCenter': ('Cost centre 1 (KOST1)', 'Kostenstelle 1 (KOST1)'),
        'costCenter2': ('Cost centre 2 (KOST2)', 'Kostenstelle 2 (KOST2)'),
        'ledgerAccount': ('Ledger account', 'Sachkonto'),
        'taxCode': ('Tax code', 'Steuerschlüssel'),
        'remittanceInformation': ('Remittance information', 'Verwendungszweck'),
        'notes': ('Notes', 'Notizen'),
        'lineItems': ('Line items', 'Rechnungspositionen'),
        'attachments': ('Attachments', 'Anhänge'),
      },
      'levels': {
        'not_required': ('Not required', 'Nicht erforderlich'),
        'request_approval': ('Required to request approval', 'Erforderlich für die Freigabeanfrage'),
        'first_approval': ('Required for the first approval', 'Erforderlich für die erste Freigabe'),
        'last_approval': ('Required for the last approval', 'Erforderlich für die letzte Freigabe'),
      },
    },
    'payments': {
      'title': ('Payment runs and payments', 'Zahlungsläufe und Zahlungen'),
      'description': ('When Kontor creates payment runs by itself, and when invoices are paid.', 'Wann Kontor Zahlungsläufe selbst erstellt und wann Rechnungen bezahlt werden.'),
      'creation': {
        'label': ('Automatic payment runs', 'Automatische Zahlungsläufe'),
        'modes': {
          'disabled': ('Off', 'Aus'),
          'days_before_due': ('Days before the due date', 'Tage vor Fälligkeit'),
          'scheduled_weekdays': ('On fixed weekdays', 'An festen Wochentagen'),
        },
        'hints': {
          'disabled': ('Payment runs are only created by hand.', 'Zahlungsläufe werden nur von Hand erstellt.'),
          'days_before_due': ('A run is created a set number of days before payments fall due.', 'Ein Lauf wird eine feste Anzahl von Tagen vor Fälligkeit der Zahlungen erstellt.'),
          'scheduled_weekdays': ('A run is created on each chosen weekday.', 'An jedem gewählten Wochentag wird ein Lauf erstellt.'),
        },
        'daysLabel': ('Days before the due date', 'Tage vor Fälligkeit'),
        'daysHint': ('From 0 to 60 days.', 'Von 0 bis 60 Tagen.'),
        'weekdaysLabel': ('Weekdays', 'Wochentage'),
        'includeAll': ('Include all payments due until the next run', 'Alle bis zum nächsten Lauf fälligen Zahlungen einbeziehen'),
      },
      'strategy': {
        'label': ('When to pay', 'Zahlungszeitpunkt'),
        'options': {
          'due_date': ('On the due date (or the skonto date while a discount applies)', 'Zum Fälligkeitsdatum (oder zum Skontodatum, solange Skonto gilt)'),
          'as_soon_as_possible': ('As soon as possible (on export)', 'So bald wie möglich (beim Export)'),
        },
      },
    },
  },
}

L['subscription'] = {
  'heading': ('Billing', 'Abrechnung'),
  'loadFailed': ('The subscription could not be loaded', 'Das Abonnement konnte nicht geladen werden'),
  'noPayment': ('No payment is taken in this set-up: plan changes apply at once and nothing is charged.', 'In dieser Installation wird nichts abgebucht: Planänderungen gelten sofort und es entstehen keine Kosten.'),
  'current': {
    'title': ('Current plan: {{plan}}', 'Aktueller Plan: {{plan}}'),
    'price': ('{{price}} per month · {{interval}}', '{{price}} pro Monat · {{interval}}'),
    'interval': ('Billing interval', 'Abrechnungszeitraum'),
    'period': ('Current period', 'Aktueller Zeitraum'),
    'periodRange': ('{{start}} – {{end}}', '{{start}} – {{end}}'),
    'additionalPacks': ('Additional packs', 'Zusatzpakete'),
    'trialEnds': ('Trial ends', 'Testphase endet'),
  },
  'status': {
    'trialing': ('Trial', 'Testphase'),
    'active': ('Active', 'Aktiv'),
    'past_due': ('Payment overdue', 'Zahlung überfällig'),
    'canceled': ('Cancelled', 'Gekündigt'),
  },
  'interval': {
    'label': ('Billing interval', 'Abrechnungszeitraum'),
    'monthly': ('Monthly', 'Monatlich'),
    'annual': ('Annual', 'Jährlich'),
    'saving': ('(save up to {{percent}} %)', '(bis zu {{percent}} % sparen)'),
  },
  'usage': {
    'title': ('Usage this month', 'Nutzung in diesem Monat'),
    'users': ('Users', 'Benutzer'),
    'invoices': ('Invoices', 'Rechnungen'),
    'verifications': ('Verifications', 'Verifizierungen'),
    'of': ('{{used}} of {{limit}}', '{{used}} von {{limit}}'),
    'ofUnlimited': ('{{used}} (unlimited)', '{{used}} (unbegrenzt)'),
  },
  'plansTitle': ('Plans', 'Pläne'),
  'currentBadge': ('Current', 'Aktuell'),
  'perMonth': ('per month', 'pro Monat'),
  'billedAnnually': ('billed annually: {{amount}}', 'jährlich abgerechnet: {{amount}}'),
  'billedMonthly': ('billed monthly', 'monatlich abgerechnet'),
  'currentPlanButton': ('Current plan', 'Aktueller Plan'),
  'choosePlan': ('Switch to {{plan}}', 'Zu {{plan}} wechseln'),
  'plans': {
    'starter': {'name': ('Starter', 'Starter'), 'tagline': ('For small teams getting started.', 'Für kleine Teams zum Einstieg.')},
    'growth': {'name': ('Growth', 'Growth'), 'tagline': ('For growing finance teams with more volume.', 'Für wachsende Finanzteams mit mehr Volumen.')},
    'professional': {'name': ('Professional', 'Professional'), 'tagline': ('For larger organisations with every module.', 'Für größere Organisationen mit allen Modulen.')},
  },
  'limits': {
    'unlimited': ('unlimited', 'unbegrenzt'),
    'users': ('Users: {{value}}', 'Benutzer: {{value}}'),
    'invoices': ('Invoices per month: {{value}}', 'Rechnungen pro Monat: {{value}}'),
    'verifications': ('Verifications per month: {{value}}', 'Verifizierungen pro Monat: {{value}}'),
    'packs': ('Additional packs: {{value}}', 'Zusatzpakete: {{value}}'),
  },
  'features': {
    'accounts_payable': ('Accounts payable', 'Eingangsrechnungen'),
    'approval_flows': ('Approval flows', 'Freigabeprozesse'),
    'payment_runs': ('Payment runs', 'Zahlungsläufe'),
    'bank_transactions': ('Bank transactions', 'Bankumsätze'),
    'accounts_receivable': ('Accounts receivable', 'Ausgangsrechnungen'),
    'payment_reminders': ('Payment reminders', 'Zahlungserinnerungen'),
    'counterparty_verification': ('Counterparty verification', 'Geschäftspartner-Verifizierung'),
    'purchase_orders': ('Purchase orders', 'Bestellungen'),
    'automations': ('Automations', 'Automatisierungen'),
    'fraud_analysis': ('Fraud and anomaly analysis', 'Betrugs- und Anomalieanalyse'),
    'accounting_export': ('Accounting export', 'Buchhaltungsexport'),
    'insights': ('Insights', 'Auswertungen'),
    'api': ('API access', 'API-Zugang'),
    'webhooks': ('Webhooks', 'Webhooks'),
    'ai_assistant': ('AI assistant', 'KI-Assistent'),
  },
  'packs': {
    'title': ('Additional packs', 'Zusatzpakete'),
    'description': ('Each pack adds {{invoices}} invoices and {{verifications}} verifications per month for {{price}} per month.', 'Jedes Paket bringt {{invoices}} Rechnungen und {{verifications}} Verifizierungen pro Monat für {{price}} pro Monat.'),
    'label': ('Number of additional packs', 'Anzahl der Zusatzpakete'),
    'hint': ('From 0 to {{max}}.', 'Von 0 bis {{max}}.'),
    'invalid': ('Enter a whole number from 0 to {{max}}.', 'Geben Sie eine ganze Zahl von 0 bis {{max}} ein.'),
    'notAvailable': ('The {{plan}} plan has no additional packs. Switch to a larger plan to add some.', 'Der Plan {{plan}} hat keine Zusatzpakete. Wechseln Sie zu einem größeren Plan, um welche hinzuzufügen.'),
    'update': ('Update packs', 'Pakete ändern'),
  },
  'change': {
    'title': ('Confirm the change', 'Änderung bestätigen'),
    'description': ('Please check the new plan before you confirm.', 'Bitte prüfen Sie den neuen Plan, bevor Sie bestätigen.'),
    'plan': ('Plan', 'Plan'),
    'monthly': ('Price per month', 'Preis pro Monat'),
    'billed': ('Billed', 'Abrechnung'),
    'billedAnnually': ('{{amount}} per year', '{{amount}} pro Jahr'),
    'billedMonthly': ('{{amount}} per month', '{{amount}} pro Monat'),
    'cancel': ('Cancel', 'Abbrechen'),
    'confirm': ('Confirm change', 'Änderung bestätigen'),
    'success': ('Your plan is now {{plan}}.', 'Ihr Plan ist jetzt {{plan}}.'),
    'failed': ('The plan could not be changed', 'Der Plan konnte nicht geändert werden'),
  },
}

import json, os
base = os.path.join(os.path.dirname(__file__), '..', 'src', 'locales')

def split(tree, idx):
    if isinstance(tree, tuple):
        return tree[idx]
    return {k: split(v, idx) for k, v in tree.items()}

for ns, tree in L.items():
    for idx, lang in ((0, 'en'), (1, 'de')):
        path = os.path.join(base, lang, ns + '.json')
        with open(path, 'w', encoding='utf-8') as f:
            json.dump(split(tree, idx), f, ensure_ascii=False, indent=2)
            f.write('\n')
print(sorted(L))
