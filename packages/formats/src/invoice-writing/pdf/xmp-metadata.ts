/**
 * The XMP metadata packet of the PDF. PDF/A requires it to say what the Info dictionary says
 * (title, author, subject, creator tool, producer, dates) and to declare the PDF/A part and
 * conformance; a Factur-X / ZUGFeRD 2 file adds the fx: properties, and because fx: is not a
 * schema PDF/A knows, their PDF/A extension schema description (Factur-X 1.0 specification,
 * "XMP metadata").
 */

export interface XmpFields {
  title: string;
  author: string;
  subject: string;
  creatorTool: string;
  producer: string;
  /** Written to whole seconds, as the Info dictionary's dates are. */
  created: Date;
  modified: Date;
  /** uuid:… of the document (xmpMM:DocumentID / InstanceID). */
  documentId: string;
  /** PDF/A-3b identification, when the file claims it. */
  pdfA: boolean;
  facturX: FacturXProperties | null;
}

export interface FacturXProperties {
  documentType: 'INVOICE';
  documentFileName: string;
  version: string;
  conformanceLevel: string;
}

export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char]};`);
}

export function buildXmp(fields: XmpFields): string {
  const e = escapeXml;
  const descriptions = [
    `  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${e(fields.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${e(fields.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${e(fields.subject)}</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>`,
    `  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreatorTool>${e(fields.creatorTool)}</xmp:CreatorTool>
   <xmp:CreateDate>${xmpDate(fields.created)}</xmp:CreateDate>
   <xmp:ModifyDate>${xmpDate(fields.modified)}</xmp:ModifyDate>
   <xmp:MetadataDate>${xmpDate(fields.modified)}</xmp:MetadataDate>
  </rdf:Description>`,
    `  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${e(fields.producer)}</pdf:Producer>
  </rdf:Description>`,
    `  <rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
   <xmpMM:DocumentID>${e(fields.documentId)}</xmpMM:DocumentID>
   <xmpMM:InstanceID>${e(fields.documentId)}</xmpMM:InstanceID>
  </rdf:Description>`,
  ];
  if (fields.pdfA) {
    descriptions.push(`  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>`);
  }
  if (fields.facturX) descriptions.push(facturXExtensionSchema(), facturXProperties(fields.facturX));
  // The packet wrapper with its byte order mark (U+FEFF, written as UTF-8) as XMP prescribes.
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
${descriptions.join('\n')}
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

function facturXProperties(fx: FacturXProperties): string {
  return `  <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
   <fx:DocumentType>${escapeXml(fx.documentType)}</fx:DocumentType>
   <fx:DocumentFileName>${escapeXml(fx.documentFileName)}</fx:DocumentFileName>
   <fx:Version>${escapeXml(fx.version)}</fx:Version>
   <fx:ConformanceLevel>${escapeXml(fx.conformanceLevel)}</fx:ConformanceLevel>
  </rdf:Description>`;
}

function facturXExtensionSchema(): string {
  const property = (name: string, description: string) => `       <rdf:li rdf:parseType="Resource">
        <pdfaProperty:name>${name}</pdfaProperty:name>
        <pdfaProperty:valueType>Text</pdfaProperty:valueType>
        <pdfaProperty:category>external</pdfaProperty:category>
        <pdfaProperty:description>${description}</pdfaProperty:description>
       </rdf:li>`;
  return `  <rdf:Description rdf:about=""
    xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
    xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
    xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property>
       <rdf:Seq>
${[
  property('DocumentFileName', 'The name of the embedded XML document'),
  property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
  property('Version', 'The actual version of the standard applying to the embedded XML document'),
  property('ConformanceLevel', 'The conformance level of the embedded XML document'),
].join('\n')}
       </rdf:Seq>
      </pdfaSchema:property>
     </rdf:li>
    </rdf:Bag>
   </pdfaExtension:schemas>
  </rdf:Description>`;
}
