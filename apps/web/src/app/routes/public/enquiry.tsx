export function meta() {
  return [{ title: 'Visa Enquiry | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Visa Enquiry</h1>;
}
