// Formal harness: the exported XMU (`rtl-gen verilog xmu`) against SPEC.md
// §4's bit operations, proven for every input by yosys's SAT-based temporal
// induction (`rtl-gen formal xmu`; the script is in testbench/src/formal.rs).
//
// Each clock the harness keeps what went in; LATENCY clocks later it asserts
// that out_valid is the in_valid of then, that a valid answer carries its
// tag, and that POPC, BREV, FLO.{U32,S32}[.SH], FCHK.DIVIDE (opcode 13, n on
// in_x, d on in_y; the window of units/src/xmu/fchk.rs written as integer
// compares) and the reserved opcodes 14-15 answer the reference below
// (written from the SPEC, as loops). The
// unit's own registers start in any state (the script removes their initial
// values), so the proof covers every reachable state, not only those after
// reset. UNIT and LATENCY are the unit's name and latency. BROKEN_REFERENCE makes POPC wrong for the one input 0xDEADBEEF: the
// proof must then fail, which shows that it looks at every input.
module xmu_bitops_formal(
    input wire clock,
    input wire in_valid,
    input wire [7:0] in_tag,
    input wire [14:0] in_op,
    input wire [63:0] in_x,
    input wire [31:0] in_y
);
    localparam L = `LATENCY;
    wire out_valid;
    wire [7:0] out_tag;
    wire [63:0] out_d;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag), .in_op(in_op),
            .in_x(in_x), .in_y(in_y), .out_valid(out_valid), .out_tag(out_tag), .out_d(out_d));

    function [31:0] popc(input [31:0] x);
        integer i;
        begin
            popc = 0;
            for (i = 0; i < 32; i = i + 1) popc = popc + x[i];
`ifdef BROKEN_REFERENCE
            if (x == 32'hDEAD_BEEF) popc = popc + 1;
`endif
        end
    endfunction
    function [31:0] brev(input [31:0] x);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1) brev[31 - i] = x[i];
        end
    endfunction
    function [31:0] flo(input [31:0] x, input signed_, input sh);
        integer i;
        reg [31:0] y;
        begin
            y = (signed_ && x[31]) ? ~x : x;
            flo = 32'hFFFF_FFFF;
            for (i = 0; i < 32; i = i + 1) if (y[i]) flo = sh ? 31 - i : i;
        end
    endfunction
    // FCHK.DIVIDE: 1 unless n and d are normal, en >= 26, ed <= 252 and
    // -125 <= en - ed <= 127 (biased fields, signed arithmetic).
    function [31:0] fchk(input [31:0] n, input [31:0] d);
        integer en, ed;
        begin
            en = n[30:23];
            ed = d[30:23];
            fchk = (en >= 26 && en <= 254 && ed >= 1 && ed <= 252
                    && en - ed >= -125 && en - ed <= 127) ? 32'd0 : 32'd1;
        end
    endfunction

    // What went in L clocks ago; `seen` counts the clocks up to L (it alone
    // starts at 0; the shift registers and the unit start anywhere).
    reg [7:0] seen = 0;
    reg [L-1:0] v_q;
    reg [8*L-1:0] tag_q;
    reg [4*L-1:0] op_q;
    reg [32*L-1:0] x_q;
    reg [32*L-1:0] y_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q[L-2:0], in_valid};
        tag_q <= {tag_q[8*L-9:0], in_tag};
        op_q <= {op_q[4*L-5:0], in_op[3:0]};
        x_q <= {x_q[32*L-33:0], in_x[31:0]};
        y_q <= {y_q[32*L-33:0], in_y};
    end
    wire v = v_q[L-1];
    wire [7:0] tag = tag_q[8*L-1 -: 8];
    wire [3:0] op = op_q[4*L-1 -: 4];
    wire [31:0] x = x_q[32*L-1 -: 32];
    wire [31:0] y = y_q[32*L-1 -: 32];
    reg [31:0] want;
    reg bit_op;
    always @* begin
        bit_op = 1;
        case (op)
            4'd0: want = popc(x);
            4'd1: want = brev(x);
            4'd2: want = flo(x, 0, 0);
            4'd3: want = flo(x, 1, 0);
            4'd4: want = flo(x, 0, 1);
            4'd5: want = flo(x, 1, 1);
            4'd13: want = fchk(x, y);
            4'd14, 4'd15: want = 0;
            default: begin want = 0; bit_op = 0; end
        endcase
    end
    always @* begin
        if (seen == L) begin
            assert (out_valid == v);
            if (v) assert (out_tag == tag);
            if (v && bit_op) assert (out_d == {32'd0, want});
        end
    end
endmodule
