/// The rule (docs/uikit-rules.md) that decided a step or an entry of a trace. Every trace (hit test,
/// touches, layout) names one, so a reader can go from the trace to the rule and back
/// (docs/trace-schema.md lists which entries each rule produces).
public enum RuleID: String, Sendable, CaseIterable {
    case H1, H2, H3, H4, H5, H6, H7, H8, H9, H10
    case R1, R2, R3, R4
    case C1, C2, C3, C4, C5, C6, C7, C8, C9
    case T1, T2, T3, T4, T5, T6, T7
    case G1, G2, G3, G4, G5, G6, G7
    case S1, S2, S3, S4, S5, S6, S7, S8
    case M1, M2, M3, M4
    case L1, L2, L3, L4, L5, L6
    case V1, V2, V3, V4, V5
    case F1, F2
    case B1, B2, B3
}
