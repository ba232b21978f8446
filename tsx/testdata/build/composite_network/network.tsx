import { Resource } from "tfkit";

type Props = { vpcRef: any; zones: string[] };

export function Network({ vpcRef, zones }: Props) {
  return (
    <>
      {zones.map((z, i) => (
        <Resource
          type="aws_subnet"
          name={`public_${z}`}
          vpc_id={vpcRef.id}
          cidr_block={`10.0.${i}.0/24`}
          availability_zone={`eu-west-1${z}`}
        />
      ))}
    </>
  );
}
