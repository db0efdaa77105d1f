export function meta() {
  return [{ title: 'Applicants Copy | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Applicants Copy</h1>;
}
