/**
 * Text a person typed (a group's title, a member's or a customer's name, a message, a file's name),
 * made fit to quote in a mail. Mail programs turn anything that looks like a web address into a link,
 * in the HTML part and in the plain text alike, so a title such as "Claim at https://evil.example"
 * would arrive as a clickable link in a mail from the shop. The address is broken the way people who
 * pass on addresses in warnings write it, still readable: "https[:]//evil[.]example". A dot is
 * broken only between a letter or digit and a letter (a host name's dot), so prices such as "$3.50"
 * and a sentence's full stop stay as typed; a dotted number of four parts (an IP address) is broken too.
 */
export function inertText(text: string): string {
  return text
    .replace(/:\/\//g, '[:]//')
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, (address) => address.replaceAll('.', '[.]'))
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, '[.]');
}
