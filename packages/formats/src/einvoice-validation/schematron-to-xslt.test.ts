/**
 * The Schematron semantics the generator must keep, on a small rule file written here (no
 * fixtures needed): first matching rule per pattern, patterns independent of each other,
 * lets at three levels, report, message substitution, includes, foreign XSLT functions.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateWithSchematronFile } from './validate-schematron';

const dir = mkdtempSync(path.join(tmpdir(), 'kontor-sch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schema = `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
        xmlns:u="utils" queryBinding="xslt2">
  <ns prefix="t" uri="urn:test"/>
  <ns prefix="xs" uri="http://www.w3.org/2001/XMLSchema"/>
  <xsl:function name="u:double" as="xs:decimal">
    <xsl:param name="value"/>
    <xsl:sequence select="xs:decimal($value) * 2"/>
  </xsl:function>
  <let name="limit" value="10"/>
  <include href="../shared/variables.sch"/>
  <pattern id="first-rule-wins">
    <rule context="t:item[@special]">
      <assert id="SPECIAL" flag="warning" test="false()">special <name/></assert>
    </rule>
    <rule context="t:item">
      <let name="amount" value="xs:decimal(t:amount)"/>
      <assert id="LIMIT" flag="fatal" test="$amount le $limit">Amount <value-of select="t:amount"/> of
        <name path="t:amount"/> exceeds <value-of select="$limit"/></assert>
      <report id="DOUBLE" flag="information" test="u:double(t:amount) = 8">double is 8</report>
    </rule>
  </pattern>
  <pattern id="second">
    <let name="isTest" value="exists(/t:doc[@kind = 'test'])"/>
    <rule context="t:item[$isTest]">
      <assert id="CODE" test="$code = 'X'">code</assert>
    </rule>
  </pattern>
</schema>`;
// Included from a folder that does not exist beside the schema: found in the schema's own folder.
const variables = `<pattern xmlns="http://purl.oclc.org/dsdl/schematron" id="variables"><let name="code" value="'Y'"/></pattern>`;

writeFileSync(path.join(dir, 'rules.sch'), schema);
writeFileSync(path.join(dir, 'variables.sch'), variables);

const doc = (kind: string, ...items: string[]) => `<doc xmlns="urn:test" kind="${kind}">${items.join('')}</doc>`;

describe('Schematron to XSLT', () => {
  it('applies only the first matching rule of a pattern, and every pattern', { timeout: 60_000 }, async () => {
    const result = await validateWithSchematronFile(
      doc(
        'test',
        '<item special="1"><amount>50</amount></item>',
        '<item><amount>4</amount></item>',
        '<item><amount>12.5</amount></item>',
      ),
      path.join(dir, 'rules.sch'),
    );
    const summary = result.failures.map((failure) => [failure.id, failure.flag, failure.location]);
    expect(summary).toEqual([
      ['SPECIAL', 'warning', '/Q{urn:test}doc[1]/Q{urn:test}item[1]'],
      ['DOUBLE', 'information', '/Q{urn:test}doc[1]/Q{urn:test}item[2]'],
      ['LIMIT', 'fatal', '/Q{urn:test}doc[1]/Q{urn:test}item[3]'],
      ['CODE', 'error', '/Q{urn:test}doc[1]/Q{urn:test}item[1]'],
      ['CODE', 'error', '/Q{urn:test}doc[1]/Q{urn:test}item[2]'],
      ['CODE', 'error', '/Q{urn:test}doc[1]/Q{urn:test}item[3]'],
    ]);
    expect(result.failures[0]?.text).toBe('special item');
    expect(result.failures[2]?.text).toBe('Amount 12.5 of amount exceeds 10');
    expect(result.errors.map((failure) => failure.id)).toEqual(['LIMIT', 'CODE', 'CODE', 'CODE']);
  });

  it('evaluates pattern lets against the document', async () => {
    const result = await validateWithSchematronFile(doc('other', '<item><amount>1</amount></item>'), path.join(dir, 'rules.sch'));
    expect(result.failures).toEqual([]);
  });

  it('reports a test that raises an error as a failure of that rule', async () => {
    const result = await validateWithSchematronFile(
      doc('other', '<item><amount>1,5</amount></item>'),
      path.join(dir, 'rules.sch'),
    );
    expect(result.errors.map((failure) => [failure.id, failure.flag])).toEqual([['LIMIT', 'fatal']]);
    expect(result.errors[0]?.text).toMatch(/^Rule could not be evaluated: /);
  });

  it('throws on a document that is not well-formed', async () => {
    await expect(validateWithSchematronFile('<doc xmlns="urn:test"><item></doc>', path.join(dir, 'rules.sch'))).rejects.toThrow(
      /Schematron validation failed: Unexpected close tag/,
    );
  });
});
