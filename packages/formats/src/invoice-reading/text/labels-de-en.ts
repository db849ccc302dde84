/**
 * Field labels, German and English first; a few French, Dutch and Polish ones because suppliers
 * from neighbouring countries invoice German businesses too (and the invoice2data fixtures hold
 * such invoices). Listed strongest first: the reader takes the first label that yields a value.
 * `cellStart` marks generic words that count only at the start of a cell.
 */

export interface LabelSpec {
  re: RegExp;
  /** Evidence weight of this label (0..1): a specific label is surer than a generic one. */
  weight: number;
  cellStart?: boolean;
}

const spec = (re: RegExp, weight: number, cellStart = false): LabelSpec => ({ re, weight, cellStart });

export const INVOICE_NUMBER: LabelSpec[] = [
  spec(/rechnungs?-?\s?(?:nummer|nr\.?)|rechnung\s+(?:nr\.?|nummer|no\.?)|re\.?-?nr\.?/i, 0.9),
  spec(/invoice\s*(?:number|no\.?|nr\.?|#|num\.?|id)|inv\.?\s?(?:no\.?|#)/i, 0.9),
  spec(/beleg-?(?:nummer|nr\.?)|factuurnummer|facture\s*(?:n°|no\.?|nr\.?|num[ée]ro)|faktura\s+nr\.?/i, 0.85),
  // A title line: "Handelsrechnung (380) Nr. R18-31 vom 03.10.2018", "Credit note no. 17".
  spec(
    /(?:\p{L}*rechnung\p{L}*|gutschrift|rechnungskorrektur|stornorechnung|invoice|credit\s*note|avoir)(?:\s+\p{Ll}{2,4}\s+\p{L}+)?(?:\s*\([^)]*\))*\s+(?:nr\.?|no\.?|nummer|number|n°)/iu,
    0.85,
  ),
  spec(/bill\s*(?:number|no\.?)|document\s*(?:number|no\.?)/i, 0.7),
  spec(/invoice|rechnung|facture|gutschrift|avoir|credit\s*note/i, 0.6, true),
  spec(/#/, 0.5, true),
  spec(/booking\s*id|receipt\s*(?:number|no\.?)|quittungs?-?nr\.?/i, 0.6),
];

/** Words that make a number label point at another document than the invoice itself. */
export const OTHER_DOCUMENT =
  /ursprungs|original|bezug|vorherig|zugehörig|preceding|related|corrected|liée|bestell|auftrag|order|kunden|customer|liefer|delivery/i;

export const INVOICE_DATE: LabelSpec[] = [
  spec(
    /rechnungs-?datum|beleg-?datum|ausstellungsdatum|invoice\s*date|date\s*of\s*issue|issue\s*date|invoice\s*issued|factuurdatum|date\s*de\s*facturation|data\s*wystawienia/i,
    0.9,
  ),
  spec(/datum|date|dated/i, 0.7, true),
];

export const DUE_DATE: LabelSpec[] = [
  spec(
    /fälligkeits?(?:datum)?|fällig\s*(?:am|bis|zum)?|zahlbar\s*(?:bis|spätestens\s*(?:am|bis)?)|zahlungsziel|due\s*(?:date|on|by)?|payment\s*due|pay\s*by|date\s*limite\s*de\s*paiement|date\s*d['’]échéance|vervaldatum|(?:remit|pay)\s*(?:until|by|before)/i,
    0.9,
  ),
];

export const DUE_PHRASE: LabelSpec[] = [
  spec(
    /(?:überweisen|zahlen|begleichen)\s+sie\s+(?:\p{L}+\s+){0,5}?bis\s*(?:zum|spätestens)?|please\s+pay\s+(?:\p{L}+\s+){0,4}?(?:by|until|before)/iu,
    0.8,
  ),
];

export const DELIVERY_DATE: LabelSpec[] = [
  spec(
    /liefer(?:datum|tag)|leistungs(?:datum|tag)|tag\s*der\s*(?:lieferung|leistung)|delivery\s*date|date\s*of\s*(?:supply|delivery|service)|service\s*date|shipping\s*date/i,
    0.85,
  ),
];

export const PERIOD: LabelSpec[] = [
  spec(
    /leistungszeitraum|abrechnungszeitraum|lieferzeitraum|rechnungszeitraum|zeitraum|service\s*period|billing\s*period|period\s*of\s*service|period/i,
    0.85,
  ),
];

export const PURCHASE_ORDER: LabelSpec[] = [
  spec(
    /bestell-?(?:nummer|nr\.?)|ihre\s*bestell(?:ung|nummer)(?:\s*(?:nr\.?|nummer))?|auftrags?-?(?:nummer|nr\.?)|ihr\s*auftrag(?:\s*nr\.?)?/i,
    0.85,
  ),
  spec(
    /p\.?\s?o\.?\s*(?:number|no\.?|#)|purchase\s*order(?:\s*(?:number|no\.?|#))?|order\s*(?:number|no\.?|#)|your\s*order(?:\s*(?:number|no\.?))?|ordernummer/i,
    0.85,
  ),
];

/** Net: must be checked before TOTAL, whose generic words also appear in "Total HT". */
export const NET: LabelSpec[] = [
  spec(
    /(?:rechnungs)?summe\s*(?:ohne|exkl\.?|excl\.?)\s*(?:ust|mwst|umsatzsteuer)|netto-?(?:betrag|summe)|summe\s*netto|gesamt\s*netto|(?:gesamt|rechnungs)betrag\s*netto|zwischensumme|warenwert|net\s*(?:amount|total)|total\s*(?:net|excl\.?(?:uding)?\s*(?:vat|tax))|subtotal|sub-total|total\s*ht|montant\s*ht|exclusief\s*btw|totaal\s*excl/i,
    0.85,
  ),
  spec(/netto|net/i, 0.6, true),
];

/** Labels of the tax total (all rates together), surer than a single rate's line. */
export const TAX_TOTAL: LabelSpec[] = [
  spec(
    /steuerbetrag|(?:ust|mwst|umsatzsteuer)\.?\s*(?:gesamt|summe)|(?:gesamt|summe)\s*(?:der\s*)?(?:ust|mwst|umsatzsteuer)|(?:mwst|ust)-?betrag|total\s*(?:vat|tax)|(?:vat|tax)\s*total/i,
    0.9,
  ),
];

export const TAX: LabelSpec[] = [
  spec(
    /(?:mwst|mehrwertsteuer|ust|umsatzsteuer)\.?(?:-?betrag)?|vat(?:\s*amount)?|sales\s*tax|tax(?:\s*amount)?|tva|btw|gst/i,
    0.85,
    true,
  ),
  spec(
    /zzgl\.?\s*(?:\d{1,2}(?:[.,]\d+)?\s?%\s*)?(?:mwst|ust|umsatzsteuer)|(?:plus|add)\s*(?:\d{1,2}(?:[.,]\d+)?\s?%\s*)?(?:vat|tax)|enthaltene\s*(?:mwst|ust)|(?:inkl|incl)\.?\s*(?:\d{1,2}(?:[.,]\d+)?\s?%\s*)?(?:mwst|ust|vat)/i,
    0.8,
  ),
];

export const TOTAL: LabelSpec[] = [
  spec(
    /gesamtbetrag|rechnungsbetrag|endbetrag|bruttobetrag|bruttosumme|rechnungssumme\s*brutto|gesamtsumme|summe\s*brutto|gesamt\s*brutto|brutto-?summe|invoice\s*total|total\s*(?:amount|due|gross|incl\.?)|grand\s*total|total\s*ttc|total\s*for\s*this\s*invoice|totaal|należność\s*ogółem/i,
    0.9,
  ),
  spec(/total|summe|gesamt|betrag/i, 0.7, true),
  spec(/zahlbetrag|zu\s*zahlen(?:der\s*betrag)?|amount\s*(?:due|payable)|balance\s*due|somme\s*à\s*payer/i, 0.7),
];

/** Words beside a total label that make it the sum of something else (allowances, prepayments). */
export const NOT_TOTAL =
  /zuschl(?:ä|ae)ge|abschl(?:ä|ae)ge|rabatte|anzahlung|skonto|allowance|charges|discount|prepaid|positionen/i;

export const CURRENCY_LABEL = /(?:rechnungs)?währung|currency|devise/i;

/** Words after a total label that make it a net or partial sum. */
export const NOT_GROSS = /\b(?:netto|net|ht|excl|exkl|zzgl|sub|zwischen|mwst|ust|vat|tax|tva|btw)\b|zwischen|^\s*sub/i;

export const AMOUNT_DUE: LabelSpec[] = [
  spec(
    /zahlbetrag|zu\s*zahlen(?:der\s*betrag)?|offener\s*betrag|restbetrag|amount\s*(?:due|payable)|due\s*payable|balance\s*due|somme\s*à\s*payer/i,
    0.85,
  ),
];

export const VAT_ID_LABEL =
  /ust\.?\s*-?\s*id\.?\s*-?\s*(?:nr\.?|nummer)?|umsatzsteuer-?\s*(?:identifikations)?-?\s*(?:nummer|id)|vat\s*(?:reg(?:istration)?\.?\s*)?(?:no\.?|number|id)|uid(?:-?nr\.?)?|n°\s*de\s*tva|tva\s*intra|btw(?:-?nummer)?|nip\s*ue/i;

export const TAX_NUMBER_LABEL = /steuer-?\s*(?:nummer|nr\.?)|st\.?-?\s*nr\.?|tax\s*(?:number|no\.?)|\bnip\b/i;

export const IBAN_LABEL = /\biban\b/i;
export const BIC_LABEL = /\b(?:bic|swift(?:-?code)?|bic\/swift|swift\/bic)\b/i;

export const SELLER_LABEL =
  /(?:issuer|seller|supplier|vendor|verkäufer|lieferant|rechnungssteller|leistungserbringer|kontoinhaber|account\s*holder|beneficiary|payee|zahlungsempfänger|titulaire\s*du\s*compte|sprzedawca|service\s*provider|sold\s*by|payment\s*received\s*by|issued\s*by)\b\s*:?/i;

export const BUYER_LABEL =
  /^(?:rechnungsempfänger|rechnungsadresse|kunde|auftraggeber|bill\s*to|billed\s*to|invoice\s*to|customer|buyer|ship\s*to|nabywca|client)\b\s*:?/i;

export const LEGAL_FORM =
  /\b(?:GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|UG(?:\s*\(haftungsbeschränkt\))?|e\.\s?K\.|e\.\s?V\.|KG|OHG|GbR|mbH|Inc\.?|Ltd\.?|LLC|LLP|PLC|Limited|Corp\.?|B\.V\.|N\.V\.|SAS|SARL|S\.A\.|S\.r\.l\.|sp\.\s?z\s?o\.\s?o\.|spółka\s+akcyjna|Pvt\.?\s*Ltd\.?)(?=$|[\s,.;)])/;

/** Title words at the top of the page that are not the supplier's name. */
export const TITLE_WORDS =
  /\b(?:rechnung|gutschrift|invoice|tax\s*invoice|credit\s*note|receipt|payment\s*receipt|quittung|facture|factuur|faktura|page|seite)\b\.?/gi;
