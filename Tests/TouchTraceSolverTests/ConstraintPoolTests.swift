import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), w = Variable(2), h = Variable(3), z = Variable(4)

/// Constraints kept in a ``ConstraintPool`` (issue 27, branch perf29: the Auto Layout build's
/// constraints in one pool instead of an array of terms each) are the same constraints: the same
/// parts, the same required-first order, the same solution and conflicts as the constraints
/// handed over one by one (L6's solver).
@Suite("Constraint pool")
struct ConstraintPoolTests {
    static let constraints: [Constraint] = [
        x == 10,
        (x + y * 0.5 >= 100).priority(750).tieBreak(1.5).tagged(7),
        w + h == 100,
        (w == 40).priority(250),
        (z <= 3).priority(500),
        Constraint(LinearExpression([], constant: 0), .equal),
        y <= 400,
    ]

    @Test func L6_poolKeepsEveryField() {
        let pool = ConstraintPool(Self.constraints)
        #expect(pool.count == Self.constraints.count)
        for i in Self.constraints.indices {
            #expect(pool[i] == Self.constraints[i])
            #expect(pool.isRequired(i) == Self.constraints[i].isRequired)
        }
        // Written term by term, then closed: the same constraint.
        var written = ConstraintPool()
        written.terms.append(Term(x))
        written.terms.append(Term(y, 0.5))
        let k = written.close(constant: -100, .greaterThanOrEqual, priority: Priority(750), tag: 7, tieBreak: 1.5)
        #expect(k == 0)
        #expect(written[k] == Self.constraints[1])
    }

    @Test func L6_poolPartsAndOrderAreTheArrays() {
        let pool = ConstraintPool(Self.constraints)
        #expect(ConstraintPartition.components(pool) == ConstraintPartition.components(Self.constraints))
        let members = [1, 3, 4, 6]
        let groups = [2, 1, 2, 1]
        #expect(
            ConstraintPartition.requiredFirstOrder(pool, members: members, groups: groups)
                == ConstraintPartition.requiredFirstOrder(members.map { Self.constraints[$0] }, groups: groups))
    }

    @Test func L6_poolSolvesAsTheConstraints() throws {
        let conflicting = Self.constraints + [x == 11]
        let pool = ConstraintPool(conflicting)
        var one = Solver(), pooled = Solver()
        var oneIDs: [ConstraintID?] = [], pooledIDs: [ConstraintID?] = []
        var oneErrors: [String] = [], pooledErrors: [String] = []
        for i in conflicting.indices {
            do { oneIDs.append(try one.addConstraint(conflicting[i])) } catch {
                oneIDs.append(nil)
                oneErrors.append("\(error)")
            }
            do { pooledIDs.append(try pooled.addConstraint(pool, i)) } catch {
                pooledIDs.append(nil)
                pooledErrors.append("\(error)")
            }
        }
        #expect(oneIDs == pooledIDs)
        #expect(oneErrors == pooledErrors && oneErrors.count == 1)
        for v in [x, y, w, h, z] {
            #expect(one.value(of: v) == pooled.value(of: v))
            #expect(one.isAmbiguous(v) == pooled.isAmbiguous(v))
        }
        for case let id? in pooledIDs { #expect(pooled.constraint(id) == one.constraint(id)) }
    }

    @Test func L6_poolRejectsBadInputAsTheConstraint() {
        var pool = ConstraintPool()
        pool.terms.append(Term(x, .nan))
        pool.close(constant: 0, .equal)
        pool.terms.append(Term(Variable(-1)))
        pool.close(constant: 0, .equal)
        var s = Solver()
        #expect(throws: SolverError.self) { try s.addConstraint(pool, 0) }
        #expect(throws: SolverError.self) { try s.addConstraint(pool, 1) }
        #expect(s.constraintCount == 0)
    }
}
