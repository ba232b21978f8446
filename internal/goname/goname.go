// Package goname holds the rules by which generated Go code writes
// initialisms in names made from Terraform's (VPCID, not VpcId), shared by
// the Go bindings (internal/codegen/golang) and the Kubernetes API types
// of jet, so that one schema reads alike in both.
package goname

import (
	"strings"
	"unicode"
)

// initialisms are the word parts written in capitals, alone, followed by
// digits (UUID4, SHA256) or in the plural with a lower-case s (ARNs,
// IPv6s, MD5s). Changing this list or those rules renames generated
// identifiers, so it only ever grows with a release note.
var initialisms = map[string]string{
	"acl": "ACL", "ca": "CA", "ami": "AMI", "api": "API", "arn": "ARN", "cidr": "CIDR",
	"cpu": "CPU", "db": "DB", "dns": "DNS", "ebs": "EBS", "ec2": "EC2",
	"http": "HTTP", "https": "HTTPS", "iam": "IAM", "id": "ID", "ids": "IDs",
	"ip": "IP", "ips": "IPs", "ipv4": "IPv4", "ipv6": "IPv6", "json": "JSON",
	"kms": "KMS", "md5": "MD5", "rfc": "RFC", "sha": "SHA", "sql": "SQL", "ssh": "SSH", "ssl": "SSL",
	"tcp": "TCP", "tls": "TLS", "ttl": "TTL", "udp": "UDP", "uri": "URI",
	"url": "URL", "uuid": "UUID", "vpc": "VPC",
}

// Initialism returns part in capitals when it is an initialism, alone,
// followed by digits or in the plural: uuid → UUID, and so uuid4 → UUID4
// and sha256 → SHA256, as the names beside them (random_uuid,
// random_uuid4) read, and arns → ARNs, md5 → MD5 beside arn → ARN.
func Initialism(part string) (string, bool) {
	lower := strings.ToLower(part)
	if up, ok := singular(lower); ok {
		return up, true
	}
	if one, ok := strings.CutSuffix(lower, "s"); ok {
		if up, ok := singular(one); ok {
			return up + "s", true
		}
	}
	return "", false
}

// singular is Initialism without the plural.
func singular(lower string) (string, bool) {
	if up, ok := initialisms[lower]; ok {
		return up, true
	}
	letters := strings.TrimRightFunc(lower, unicode.IsDigit)
	if letters == lower || letters == "" {
		return "", false
	}
	if up, ok := initialisms[letters]; ok {
		return up + lower[len(letters):], true
	}
	return "", false
}
