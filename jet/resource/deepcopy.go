package resource

// Deep copies of the shared types, written out as deepcopy-gen would
// write them: generated kinds call them from their own DeepCopyInto.

// DeepCopyInto copies s into out.
func (s *ResourceSpec) DeepCopyInto(out *ResourceSpec) {
	*out = *s
	if s.WriteConnectionSecretToRef != nil {
		out.WriteConnectionSecretToRef = new(SecretReference)
		*out.WriteConnectionSecretToRef = *s.WriteConnectionSecretToRef
	}
	if s.ProviderConfigReference != nil {
		out.ProviderConfigReference = s.ProviderConfigReference.DeepCopy()
	}
	if s.ManagementPolicies != nil {
		out.ManagementPolicies = append(ManagementPolicies(nil), s.ManagementPolicies...)
	}
}

// DeepCopy returns a copy of s.
func (s *ResourceSpec) DeepCopy() *ResourceSpec {
	if s == nil {
		return nil
	}
	out := new(ResourceSpec)
	s.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies s into out.
func (s *ResourceStatus) DeepCopyInto(out *ResourceStatus) {
	*out = *s
	if s.Conditions != nil {
		out.Conditions = make([]Condition, len(s.Conditions))
		for i := range s.Conditions {
			s.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopy returns a copy of s.
func (s *ResourceStatus) DeepCopy() *ResourceStatus {
	if s == nil {
		return nil
	}
	out := new(ResourceStatus)
	s.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies c into out.
func (c *Condition) DeepCopyInto(out *Condition) {
	*out = *c
	c.LastTransitionTime.DeepCopyInto(&out.LastTransitionTime)
}

// DeepCopyInto copies r into out.
func (r *Reference) DeepCopyInto(out *Reference) {
	*out = *r
	if r.Policy != nil {
		out.Policy = r.Policy.DeepCopy()
	}
}

// DeepCopy returns a copy of r.
func (r *Reference) DeepCopy() *Reference {
	if r == nil {
		return nil
	}
	out := new(Reference)
	r.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies s into out.
func (s *Selector) DeepCopyInto(out *Selector) {
	*out = *s
	if s.MatchLabels != nil {
		out.MatchLabels = make(map[string]string, len(s.MatchLabels))
		for k, v := range s.MatchLabels {
			out.MatchLabels[k] = v
		}
	}
	if s.MatchControllerRef != nil {
		out.MatchControllerRef = new(bool)
		*out.MatchControllerRef = *s.MatchControllerRef
	}
	if s.Policy != nil {
		out.Policy = s.Policy.DeepCopy()
	}
}

// DeepCopy returns a copy of s.
func (s *Selector) DeepCopy() *Selector {
	if s == nil {
		return nil
	}
	out := new(Selector)
	s.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies p into out.
func (p *Policy) DeepCopyInto(out *Policy) {
	*out = *p
	if p.Resolve != nil {
		out.Resolve = new(string)
		*out.Resolve = *p.Resolve
	}
	if p.Resolution != nil {
		out.Resolution = new(string)
		*out.Resolution = *p.Resolution
	}
}

// DeepCopy returns a copy of p.
func (p *Policy) DeepCopy() *Policy {
	if p == nil {
		return nil
	}
	out := new(Policy)
	p.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies s into out.
func (s *SecretReference) DeepCopyInto(out *SecretReference) { *out = *s }

// DeepCopy returns a copy of s.
func (s *SecretReference) DeepCopy() *SecretReference {
	if s == nil {
		return nil
	}
	out := new(SecretReference)
	*out = *s
	return out
}

// DeepCopyInto copies s into out.
func (s *SecretKeySelector) DeepCopyInto(out *SecretKeySelector) { *out = *s }

// DeepCopy returns a copy of s.
func (s *SecretKeySelector) DeepCopy() *SecretKeySelector {
	if s == nil {
		return nil
	}
	out := new(SecretKeySelector)
	*out = *s
	return out
}
