package goname

import "testing"

func TestInitialism(t *testing.T) {
	for part, want := range map[string]string{
		"vpc": "VPC", "ID": "ID", "uuid4": "UUID4", "sha256": "SHA256", "arns": "ARNs",
		"md5": "MD5", "cpus": "CPUs", "ipv6s": "IPv6s", "ids": "IDs",
		"bucket": "", "s": "", "123": "", "vpcx": "",
	} {
		got, ok := Initialism(part)
		if ok != (want != "") || got != want {
			t.Errorf("Initialism(%q) = %q, %v; want %q", part, got, ok, want)
		}
	}
}
