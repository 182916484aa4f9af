// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @notice Request Network's published ERC20FeeProxy, as the forwarder calls it.
interface IDepositERC20FeeProxy {
    /// @notice Pulls `_amount` + `_feeAmount` of `_tokenAddress` from the caller and emits TransferWithReferenceAndFee.
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

/// @notice Request Network's published EthereumFeeProxy, as the forwarder calls it.
interface IDepositEthereumFeeProxy {
    /// @notice Pays msg.value - `_feeAmount` to `_to` and `_feeAmount` to `_feeAddress`, emitting TransferWithReferenceAndFee.
    function transferWithReferenceAndFee(
        address payable _to,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable;
}

/// @notice The payment a forwarder is bound to; every field is fixed when the forwarder's address is derived.
struct DepositTerms {
    address proxy; // Request Network fee proxy the payment goes through (ERC20FeeProxy, or EthereumFeeProxy when token is 0)
    address token; // ERC-20 token paid; address(0) means the network's native currency
    address payee; // the request's payee: the only recipient of the amount
    uint256 amount; // the request's expected amount, in the token's smallest units
    bytes8 paymentReference; // the request's 8-byte Request Network payment reference
    uint256 feeAmount; // the request's fee, in the token's smallest units
    address feeAddress; // the request's fee address: the only recipient of the fee
}

/// @notice A refund of funds the forwarder holds, as its payee signs it (EIP-712 type `Refund`).
struct DepositRefund {
    address token; // what to give back: any ERC-20 held here, or address(0) for native currency
    address to; // where it goes: chosen by the payee, nobody else
    uint256 amount; // how much, in the token's smallest units
    bytes32 refundId; // the refund's identity: each one can be executed once
    uint256 deadline; // unix time after which the signature is void
}

/// @title DepositForwarder (Payrail)
/// @notice A per-payment deposit address. Anyone may send the request's token (or native currency) to it
///         before or after it exists; its only possible action is to pay the request, once, through Request
///         Network's fee proxy with the request's payment reference, payee, amount, fee and fee address,
///         all fixed by its address. Nothing can move its funds anywhere else: any excess stays here.
/// @dev One instance is the implementation; each deposit address is an EIP-1167 minimal proxy (clone) of it,
///      created by DepositForwarderFactory with CREATE2 (salt = keccak256 of the terms), so the address commits
///      to the terms before any code exists. The terms are not stored: sweep() receives them and checks that
///      they derive this clone's own address, so only the terms the address was derived from can be paid.
///      refund() gives back held funds only where the payee (fixed by the terms) signed, never the payment's
///      own amount + fee while it is unpaid: see refund().
contract DepositForwarder is EIP712, ReentrancyGuardTransient {
    using SafeERC20 for IERC20; // approve tokens that return nothing (USDT) or need a reset to 0

    /// @notice EIP-712 type hash of DepositRefund (the payee's signature covers every field).
    bytes32 public constant REFUND_TYPEHASH =
        keccak256("Refund(address token,address to,uint256 amount,bytes32 refundId,uint256 deadline)"); // the struct's EIP-712 type string

    address public immutable factory; // the only caller allowed to trigger the payment (in code: shared by every clone)
    address private immutable implementation; // this contract's own address: what every clone delegates to
    bool public swept; // in each clone's own storage: true once its payment was made; it is never made twice
    mapping(bytes32 => bool) public refunded; // in each clone's own storage: refund ids already executed

    error NotFactory(); // the caller is not the factory that created this forwarder
    error WrongTerms(); // the terms given do not derive this forwarder's address
    error AlreadySwept(); // the payment was already made
    error Underfunded(uint256 balance, uint256 needed); // less than amount + fee is here
    error BadSignature(); // the refund was not signed by the terms' payee (for this forwarder and chain)
    error RefundUsed(); // this refund id was already executed
    error RefundExpired(); // the signature's deadline has passed
    error ExceedsRefundable(uint256 refundable); // the refund would take part of the unpaid payment's amount + fee

    event Refunded(bytes32 indexed refundId, address indexed token, address indexed to, uint256 amount); // one per refund executed

    /// @notice Run once, for the implementation, by its factory; clones have no constructor.
    /// @dev EIP712's domain: name and version in code; chainId and verifyingContract (each clone's own address,
    ///      recomputed because it differs from the implementation's) bind a signature to one deposit address.
    constructor() EIP712("Payrail DepositForwarder", "1") {
        factory = msg.sender; // the creator is the factory
        implementation = address(this); // clones read this constant from the code they delegate to
    }

    /// @notice Accepts native currency sent after creation (a late or excess native deposit); it stays here.
    receive() external payable {}

    /// @notice Pays amount + fee once through the fixed proxy to the fixed payee and fee address; any excess stays.
    /// @param t The terms this forwarder's address was derived from (anything else reverts WrongTerms).
    function sweep(DepositTerms calldata t) external nonReentrant {
        _checkCall(t); // the factory calling, with this address's own terms
        if (swept) revert AlreadySwept(); // one payment per forwarder
        swept = true; // set before any external call: a reentrant call finds it set and reverts
        uint256 needed = t.amount + t.feeAmount; // what the payment takes out of this forwarder
        if (t.token == address(0)) {
            uint256 held = address(this).balance; // native currency held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IDepositEthereumFeeProxy(t.proxy).transferWithReferenceAndFee{value: needed}( // pays exactly amount + fee
                payable(t.payee), // to the fixed payee
                abi.encodePacked(t.paymentReference), // with the fixed 8-byte reference
                t.feeAmount, // the fixed fee
                payable(t.feeAddress) // to the fixed fee address
            );
        } else {
            uint256 held = IERC20(t.token).balanceOf(address(this)); // tokens held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IERC20(t.token).forceApprove(t.proxy, needed); // let the proxy pull exactly amount + fee
            IDepositERC20FeeProxy(t.proxy).transferFromWithReferenceAndFee( // the proxy pulls and emits the reference
                t.token, // the fixed token
                t.payee, // to the fixed payee
                t.amount, // the fixed amount
                abi.encodePacked(t.paymentReference), // with the fixed 8-byte reference
                t.feeAmount, // the fixed fee
                t.feeAddress // to the fixed fee address
            );
            IERC20(t.token).forceApprove(t.proxy, 0); // leave no allowance behind (the proxy pulled all of it anyway)
        }
    }

    /// @notice Gives `r.amount` of `r.token` held here back to `r.to`, as the payee of the terms signed it (EIP-712).
    /// @dev Anyone may submit the signature (the platform's relayer does); only the payee decides where funds go.
    ///      While the payment is unpaid, the payment token's amount + fee stays: only what is above it leaves.
    /// @param t The terms this forwarder's address was derived from (anything else reverts WrongTerms).
    /// @param r The refund the payee signed.
    /// @param signature The payee's signature of `r` (an EOA's 65 bytes, or an ERC-1271 wallet's answer).
    function refund(DepositTerms calldata t, DepositRefund calldata r, bytes calldata signature) external nonReentrant {
        _checkCall(t); // the factory calling, with this address's own terms
        if (block.timestamp > r.deadline) revert RefundExpired(); // a stale signature is void
        if (refunded[r.refundId]) revert RefundUsed(); // each refund id runs once (no replay)
        bytes32 digest = _hashTypedDataV4( // EIP-712 digest bound to this chain and this forwarder's address
            keccak256(abi.encode(REFUND_TYPEHASH, r.token, r.to, r.amount, r.refundId, r.deadline)) // the signed struct's hash
        );
        if (!SignatureChecker.isValidSignatureNowCalldata(t.payee, digest, signature)) revert BadSignature(); // the payee, or its ERC-1271 wallet, signed it
        refunded[r.refundId] = true; // consumed before any external call: a replay, reentrant or not, reverts
        uint256 kept = (!swept && r.token == t.token) ? t.amount + t.feeAmount : 0; // what must stay: the unpaid payment
        uint256 held = _balance(r.token); // what is here now
        uint256 refundable = held > kept ? held - kept : 0; // only what is above the unpaid payment
        if (r.amount > refundable) revert ExceedsRefundable(refundable); // never the payment's own amount + fee
        if (r.token == address(0)) { // native currency
            Address.sendValue(payable(r.to), r.amount); // native: to the payee's chosen address (reverts on failure)
        } else { // an ERC-20 (the request's token or any other sent here)
            IERC20(r.token).safeTransfer(r.to, r.amount); // ERC-20: reverts if the token reverts or returns false
        }
        if (_balance(r.token) < kept) revert ExceedsRefundable(refundable); // a token taking more than `amount` cannot eat the payment
        emit Refunded(r.refundId, r.token, r.to, r.amount); // the relayer's and detection's receipt
    }

    /// @notice Reverts unless the factory calls with the terms this clone's address was derived from.
    function _checkCall(DepositTerms calldata t) private view {
        if (msg.sender != factory) revert NotFactory(); // only the factory (which checks nothing else) may trigger it
        bytes32 salt = keccak256(abi.encode(t)); // the salt these terms give, as the factory derives it
        if (Clones.predictDeterministicAddress(implementation, salt, factory) != address(this)) revert WrongTerms(); // not this address's terms (also refuses the implementation itself)
    }

    /// @notice This forwarder's balance of `token` (native currency when it is address(0)).
    function _balance(address token) private view returns (uint256) {
        return token == address(0) ? address(this).balance : IERC20(token).balanceOf(address(this)); // native or token balance
    }
}
