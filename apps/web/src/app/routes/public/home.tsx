export function meta() {
  return [{ title: 'CANADIAN VISA | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">CANADIAN VISA</h1>;
}
